import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildAppOptions } from '../src/app';
import { ensureBootstrapAdmin } from '../src/auth/ensureBootstrapAdmin';
import { createPasswords, TEST_SCRYPT, type Passwords } from '../src/auth/passwords';
import { loadConfig, type Config } from '../src/config/loadConfig';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/openDatabase';
import { createLeadsRepository, type LeadsRepository } from '../src/leads/repository/leadsRepository';
import { createUsersRepository, type UsersRepository } from '../src/users/usersRepository';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  users: UsersRepository;
  leads: LeadsRepository;
  passwords: Passwords;
  dataDir: string;
  /** Signs in and answers the token pair. */
  login: (email?: string, password?: string) => Promise<{ access_token: string; refresh_token: string }>;
  close: () => Promise<void>;
}

/** The real app over a real SQLite file in a fresh temp folder. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeRoutes?: (app: FastifyInstance) => void,
  hub?: BuildAppOptions['hub'],
  readStore?: BuildAppOptions['readStore'],
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_EMAIL: '1000',
    ...env,
  });
  const db = await openDatabase(config);
  const users = createUsersRepository(db);
  const passwords = createPasswords(TEST_SCRYPT);
  await ensureBootstrapAdmin(config, users, passwords);
  const app = await buildApp({ config, db, beforeRoutes, hub, readStore });
  await app.ready();

  return {
    app,
    config,
    db,
    users,
    leads: createLeadsRepository(db),
    passwords,
    dataDir,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
