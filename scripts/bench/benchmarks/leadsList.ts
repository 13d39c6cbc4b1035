import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/src/app';
import { createPasswords } from '../../../server/src/auth/passwords';
import { ensureBootstrapAdmin } from '../../../server/src/auth/ensureBootstrapAdmin';
import { loadConfig } from '../../../server/src/config/loadConfig';
import { openDatabase } from '../../../server/src/db/openDatabase';
import { createLeadsRepository } from '../../../server/src/leads/repository/leadsRepository';
import { syncLeads } from '../../../server/test/support/syncLeads';
import { createUsersRepository } from '../../../server/src/users/usersRepository';
import { lead } from '../../../server/test/support/leads';
import type { Benchmark } from '../benchmark';

const LEADS = 20_000;

/** GET /api/leads over 20,000 leads, gzip-compressed as a browser asks: median of 7 calls. */
export const leadsList: Benchmark = {
  name: `GET /api/leads with ${LEADS.toLocaleString('en-US')} leads, compressed (median)`,
  unit: 'ms',
  target: 300,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-leads-'));
    const config = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'test',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-1',
    });
    const db = await openDatabase(config);
    await ensureBootstrapAdmin(config, createUsersRepository(db), createPasswords());
    const day = (index: number) =>
      new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 20) * 86_400_000 + 14 * 3_600_000).toISOString();
    await syncLeads(
      createLeadsRepository(db),
      Array.from({ length: LEADS }, (_, index) =>
        lead({
          leadId: `bench-${index}`,
          customerName: `Customer ${index}`,
          scheduledDate: day(index),
          comments: index % 3 ? '' : 'side door, dog on site',
        }),
      ),
      { from: 0, to: 0 },
      new Date().toISOString(),
    );
    const app = await buildApp({ config, db });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench@example.com', password: 'bench-password-1' },
    });
    const headers = {
      authorization: `Bearer ${login.json().access_token}`,
      'accept-encoding': 'gzip, deflate, br',
    };
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const started = performance.now();
      const response = await app.inject({ url: '/api/leads', headers });
      times.push(performance.now() - started);
      if (response.statusCode !== 200 || !response.headers['content-encoding'])
        throw new Error('the list was not answered compressed');
    }
    await app.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    times.sort((a, b) => a - b);
    return Math.round(times[3]!);
  },
};
