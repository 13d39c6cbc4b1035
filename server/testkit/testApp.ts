import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildAppOptions } from '../src/app';
import { createPasswords, TEST_SCRYPT, type Passwords } from '../src/features/auth/passwords';
import { loadConfig, type Config } from '../src/platform/config/loadConfig';
import type { Database, DatabaseEngine } from '../src/platform/db/database';
import type { RetryPolicy } from '../src/platform/http/retryPolicy';
import { openApp } from '../src/openApp';
import type { Services } from '../src/services';
import {
  createLeadsRepository,
  type LeadsRepository,
} from '../src/features/leads/repository/leadsRepository';
import { createUsersRepository, type UsersRepository } from '../src/features/users/usersRepository';
import type { D1ContractServer } from './servers/d1/d1ContractServer';
import { sharedD1Server } from './servers/d1/sharedD1Server';
import { defaultTestEngine } from './engines';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' };

/** The D1 client's retries, quick enough for tests that make calls fail. */
export const TEST_D1_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 2000 };

export interface TestApp {
  engine: DatabaseEngine;
  /** The D1 contract server behind the app on the d1 engine (its calls, faults, analytics). */
  d1?: D1ContractServer;
  app: FastifyInstance;
  /** Every service of the app (services.ts): the sync, the hub, the mailer, the backups… */
  services: Services;
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

/** The settings that put a server on the D1 contract server's database. */
export function d1Env(d1: D1ContractServer): Record<string, string> {
  return { ...d1.env(), JWT_SECRET: 'a-test-signing-key-shared-by-every-instance' };
}

/**
 * The real app over a fresh database in a fresh temp folder: a real SQLite file, or (engine
 * d1) an empty D1 database of Cloudflare's engine behind the local REST contract server.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    beforeRoutes,
    engine = defaultTestEngine(),
    hub,
    readStore,
    writeBack,
    logStream,
  }: {
    beforeRoutes?: (app: FastifyInstance) => void;
    engine?: DatabaseEngine;
    hub?: BuildAppOptions['hub'];
    /** Where the hot reads' answers are kept; default: the app's own choice. */
    readStore?: BuildAppOptions['readStore'];
    /** The calendar write-back's pauses and writer. */
    writeBack?: BuildAppOptions['writeBack'];
    /** The app's log lines, at LOG_LEVEL (tests are otherwise silent). */
    logStream?: BuildAppOptions['logStream'];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-test-'));
  const d1 = engine === 'd1' ? await sharedD1Server() : undefined;
  await d1?.reset();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_EMAIL: '1000',
    RATE_LIMIT_SYNC_PER_USER: '1000',
    ...(d1 ? d1Env(d1) : {}),
    ...env,
  });
  const passwords = createPasswords(TEST_SCRYPT);
  const { app, services, db, close } = await openApp(config, {
    database: { d1Retry: TEST_D1_RETRY },
    beforeRoutes,
    hub,
    readStore,
    writeBack,
    logStream,
  });
  await app.ready();

  return {
    engine,
    d1,
    app,
    services,
    config,
    db,
    users: createUsersRepository(db),
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
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
