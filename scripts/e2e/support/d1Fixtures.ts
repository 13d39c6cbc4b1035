import {
  startD1ContractServer,
  type D1ContractServer,
} from '../../../server/testkit/servers/d1/d1ContractServer';
import { startAppServer, type AppServer } from './appServer';
import { test as appTest } from './fixtures';

/** A test file whose app server runs with DATABASE=d1, on Cloudflare's D1 engine behind the local contract server. */
export const d1Test = appTest.extend<object, { d1: D1ContractServer; d1App: AppServer }>({
  d1: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startD1ContractServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  d1App: [
    async ({ d1 }, use) => {
      const server = await startAppServer({
        ...d1.env(),
        JWT_SECRET: 'an-e2e-signing-key-shared-by-every-instance',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ d1App }, use) => use(d1App.url),
});
