import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/src/db/openDatabase';
import { createGridData } from '../../../server/src/scheduling/gridData';
import { writeLeads } from '../../../server/src/sync/database/writeLeads';
import { lead } from '../../../server/test/support/leads';
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
    const db = openDatabase(path.join(dir, 'auditdesk.db'));
    const leads = Array.from({ length: LEADS }, (_, index) => {
      const date = new Date(Date.UTC(2024, 0, 1) + Math.floor(index / 137) * 86_400_000 + 14 * 3_600_000);
      const offset = (new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).getUTCDay() + 6) % 7;
      return lead({
        leadId: `grid-${index}`,
        auditor: AUDITORS[index % 3]!,
        scheduledDate: date.toISOString(),
        weekView: `Week ${Math.floor((date.getUTCDate() - 1 + offset) / 7) + 1}`,
        houseType: HOUSES[index % 4]!,
        heatingFuel: FUELS[(index >> 2) % 4]!,
        provider: index % 5 ? 'National Grid' : 'EverSource',
        status: index % 12 === 0 ? 'Cancelled' : index % 3 ? 'Completed' : 'Scheduled',
        referredBy: index % 4 ? '' : 'Friend',
      });
    });
    writeLeads(db, leads, { from: 0, to: 0 }, new Date().toISOString());
    const grid = createGridData(db, ['Sam Rivera', 'Alex Chen']);
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const started = performance.now();
      const records = grid({ startDate: '2024-01-01', endDate: '2025-12-31' });
      times.push(performance.now() - started);
      if (records.length === 0) throw new Error('no grid records');
    }
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
    times.sort((a, b) => a - b);
    return Math.round(times[3]!);
  },
};
