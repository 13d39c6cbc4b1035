import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/src/db/openDatabase';
import { createLeadsRepository } from '../../../server/src/leads/repository/leadsRepository';
import { syncLeads } from '../../../server/test/support/syncLeads';
import type { Benchmark } from '../benchmark';
import { gridLeads } from '../gridLeads';

const LEADS = 100_000;

/** The grid query over 100,000 leads (two years), a statement prepared but nothing cached: median of 7. */
export const gridData: Benchmark = {
  name: `grid-data over ${LEADS.toLocaleString('en-US')} leads, uncached (median)`,
  unit: 'ms',
  target: 100,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-grid-'));
    const db = await openDatabase({ databasePath: path.join(dir, 'auditdesk.db') });
    const repository = createLeadsRepository(db);
    const leads = gridLeads(LEADS);
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
