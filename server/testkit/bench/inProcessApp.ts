import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { openApp } from '../../src/openApp';
import { seededDataDir } from './benchLeads';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

export interface InProcessApp {
  app: FastifyInstance;
  /** http://127.0.0.1:port once listening */
  url: string;
  /** `Bearer …` of a signed-in admin */
  authorization: string;
  close: () => Promise<void>;
}

/**
 * The whole server in this process, listening on a free loopback port, over a database
 * of `leads` bench leads. `extraRoutes` may add routes (a trivial peer) before it starts.
 */
export async function startInProcessApp(
  leads: number,
  extraRoutes?: (app: FastifyInstance) => void,
): Promise<InProcessApp> {
  const { dir } = await seededDataDir(leads);
  const config = loadConfig({
    DATA_DIR: dir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
  const { app, close } = await openApp(config, { beforeRoutes: extraRoutes });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`signing in failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return {
    app,
    url,
    authorization: `Bearer ${token}`,
    async close() {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
