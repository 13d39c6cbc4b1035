import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/src/db/openDatabase';
import { createLeadsRepository } from '../../../server/src/leads/repository/leadsRepository';
import { weekOfMonth } from '../../../server/src/sync/parser/weekOfMonth';
import { lead } from '../../../server/test/support/leads';
import { syncLeads } from '../../../server/test/support/syncLeads';
import type { Benchmark } from '../benchmark';

const LEADS = 100_000;
const AUDITORS = ['Sam Rivera', 'Alex Chen', 'Pat Morgan'];
const HOUSES = ['Single Family', '2 Family', '3 Family', '4 Family'];
const FUELS = ['Gas', 'Oil', 'Propane', 'Electricity'];

/** The grid query over 100,000 leads (two years), a statement prepared but nothing cached: median of 7. */
export const gridData: Benchmark = {
  name: `grid-data over ${LEADS.toLocaleString('en-US')} leads, uncached (median)`,
  unit: 'ms',
  target: 100,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-grid-'));
    const db = await openDatabase({ databasePath: path.join(dir, 'auditdesk.db') });
    const repository = createLeadsRepository(db);
    const leads = Array.from({ length: LEADS }, (_, index) => {
      const date = new Date(Date.UTC(2024, 0, 1) + Math.floor(index / 137) * 86_400_000 + 14 * 3_600_000);
      return lead({
        leadId: `grid-${index}`,
        auditor: AUDITORS[index % 3]!,
        scheduledDate: date.toISOString(),
        week: weekOfMonth(date),
        houseType: HOUSES[index % 4]!,
        heatingFuel: FUELS[(index >> 2) % 4]!,
        provider: index % 5 ? 'National Grid' : 'EverSource',
        status: index % 12 === 0 ? 'Cancelled' : index % 3 ? 'Completed' : 'Scheduled',
        referredBy: index % 4 ? '' : 'Friend',
      });
    });
    await syncLeads(repository, leads, { from: 0, to: 0 }, new Date().toISOString());
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const started = performance.now();
      const records = await repository.grid(['Sam Rivera', 'Alex Chen'], {
        startDate: '2024-01-01',
        endDate: '2025-12-31',
      });
      times.push(performance.now() - started);
      if (records.length === 0) throw new Error('no grid records');
    }
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    times.sort((a, b) => a - b);
    return Math.round(times[3]!);
  },
};
