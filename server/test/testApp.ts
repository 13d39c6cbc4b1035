import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { ensureBootstrapAdmin } from '../src/auth/ensureBootstrapAdmin';
import { loadConfig, type Config } from '../src/config/loadConfig';
import { openDatabase, type AppDatabase } from '../src/db/openDatabase';
import { createUsersRepository, type UsersRepository } from '../src/users/usersRepository';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: AppDatabase;
  users: UsersRepository;
  dataDir: string;
  /** Signs in and answers the token pair. */
  login: (email?: string, password?: string) => Promise<{ access_token: string; refresh_token: string }>;
  close: () => Promise<void>;
}

/** The real app over a real SQLite file in a fresh temp folder. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeRoutes?: (app: FastifyInstance) => void,
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
  const db = openDatabase(config.databasePath);
  const users = createUsersRepository(db);
  await ensureBootstrapAdmin(config, users);
  const app = await buildApp({ config, db, beforeRoutes });
  await app.ready();

  return {
    app,
    config,
    db,
    users,
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
      db.$client.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
