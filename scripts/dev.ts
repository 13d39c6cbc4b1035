// `pnpm dev`: the server on 8080 and every app on its own dev server, all reloading.
import concurrently from 'concurrently';
import { devServerSettings, ROOT, WEB_APPS } from './apps';

const { result } = concurrently(
  [
    {
      name: 'server',
      command: 'tsx watch server/src/main.ts',
      env: { NODE_ENV: 'development', ...devServerSettings() },
      prefixColor: 'gray',
    },
    ...WEB_APPS.map((app) => ({
      name: app.name,
      command: `pnpm --filter ${app.name} run dev --port ${app.devPort}`,
      prefixColor: 'cyan',
    })),
  ],
  { cwd: ROOT, killOthersOn: ['failure'], prefix: 'name' },
);

result.catch(() => process.exit(1));
