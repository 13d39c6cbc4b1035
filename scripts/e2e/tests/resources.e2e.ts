import path from 'node:path';
import { startRedisServer, type RedisServer } from '../../../server/testkit/servers/redisServer';
import { startAppServer, type AppServer } from '../support/appServer';
import type { Page } from '@playwright/test';
import { expect, foldSidebar, SCREENSHOTS, signIn, test as appTest } from '../support/fixtures';
import { createUserWithPassword } from '../support/users';

const MB = 1024 * 1024;

/** This file's app server runs with REDIS_URL, on a redis-server of its own. */
const test = appTest.extend<object, { redisServer: RedisServer; redisApp: AppServer }>({
  redisServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const redis = await startRedisServer({ args: ['--maxmemory', '8mb'] });
      await use(redis);
      await redis.dispose();
    },
    { scope: 'worker' },
  ],
  redisApp: [
    async ({ redisServer }, use) => {
      const server = await startAppServer({ REDIS_URL: redisServer.url, REDIS_PLAN: 'E2E 8 MB' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ redisApp }, use) => use(redisApp.url),
});

/** `INFO` as redis-cli prints it, field → value. */
async function redisCliInfo(redis: RedisServer): Promise<Record<string, string>> {
  const text = await redis.cli('INFO');
  return Object.fromEntries(
    text
      .split(/\r?\n/)
      .filter((line) => line.includes(':') && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
}

const keysOf = (info: Record<string, string>) => Number(/^keys=(\d+),/.exec(info.db0 ?? '')?.[1]);
const thousands = (value: string | number) => Number(value).toLocaleString('en-US');

/**
 * Clicks Refresh until the page and a redis-cli INFO read just after it agree on the keys,
 * hits and misses (another request of the app's may fall in between); that INFO.
 */
async function infoAfterRefresh(page: Page, redis: RedisServer): Promise<Record<string, string>> {
  let info: Record<string, string> = {};
  await expect
    .poll(
      async () => {
        const refresh = page.getByRole('button', { name: 'Refresh' });
        await Promise.all([
          page.waitForResponse((response) => response.url().endsWith('/api/resources/redis')),
          refresh.click(),
        ]);
        await expect(refresh).not.toHaveAttribute('data-loading');
        info = await redisCliInfo(redis);
        const keys = await page.getByTestId('stat-Keys').textContent();
        const counts = page.getByText(
          `${thousands(info.keyspace_hits!)} hits and ${thousands(info.keyspace_misses!)} misses since the server started`,
        );
        return keys === thousands(keysOf(info)) && (await counts.count()) === 1;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return info;
}

test('an Admin sees the live numbers of redis-cli INFO on /resources/redis', async ({
  page,
  redisServer,
}) => {
  // about 5 MB of keys in 8 MB, 300 hits and 100 misses: amber memory and a 'Good' hit rate
  await redisServer.cli(
    'EVAL',
    "for i = 1, 1300 do redis.call('SET', 'e2e:' .. i, string.rep('x', 4000)) end " +
      "for i = 1, 300 do redis.call('GET', 'e2e:' .. i) end " +
      "for i = 1, 100 do redis.call('GET', 'missing:' .. i) end",
    '0',
  );

  await signIn(page);
  await page.getByLabel('Resources').click();
  await page.getByRole('link', { name: 'Redis' }).click();
  await expect(page).toHaveURL(/\/resources\/redis$/);
  await foldSidebar(page);
  await expect(page.getByRole('heading', { name: 'Redis Resources' })).toBeVisible();
  // The app reads and writes a few keys of its own (rate limits, caches) with every request,
  // so the page is compared with redis-cli's INFO read right after the page's own.
  const info = await infoAfterRefresh(page, redisServer);

  await expect(page.getByTestId('stat-Server')).toHaveText(`Redis ${info.redis_version}`);
  await expect(page.getByTestId('stat-Plan')).toHaveText('E2E 8 MB');
  await expect(page.getByTestId('stat-Uptime')).toHaveText(/^\d+m$/);
  expect(keysOf(info)).toBeGreaterThanOrEqual(1300);

  // memory moves a little between the page's INFO and ours: compare to 0.1 MB
  expect(info.maxmemory).toBe(String(8 * MB));
  const memory = page.getByTestId('usage-Memory');
  await expect(memory).toContainText(' of 8 MB');
  const shownMb = Number(/^Memory([\d.]+) MB of/.exec((await memory.textContent()) ?? '')?.[1]);
  expect(Math.abs(shownMb - Number(info.used_memory) / MB)).toBeLessThan(0.1);
  const percent = (Number(info.used_memory) / (8 * MB)) * 100;
  expect(percent).toBeGreaterThanOrEqual(75);
  expect(percent).toBeLessThan(90);
  await expect(page.getByRole('progressbar', { name: 'Memory usage' })).toHaveAttribute(
    'style',
    /--progress-section-color: var\(--mantine-color-yellow-filled\)/,
  );
  await expect(page.getByRole('alert')).toContainText('Approaching plan limits');
  await expect(page.getByRole('alert')).toContainText(/Memory is at \d+\.\d% of its limit\./);

  await expect(page.getByTestId('usage-Clients')).toContainText(
    `of ${Number(info.maxclients).toLocaleString('en-US')}`,
  );
  const hits = Number(info.keyspace_hits);
  const misses = Number(info.keyspace_misses);
  expect(hits).toBeGreaterThanOrEqual(300);
  expect(misses).toBeGreaterThanOrEqual(100);
  const hitRate = ((hits / (hits + misses)) * 100).toFixed(1);
  await expect(page.getByLabel('Hit rate')).toHaveText(`Hit rate${hitRate}%Good`);
  await expect(page.getByLabel('Evicted keys')).toHaveText(`Evicted keys${info.evicted_keys}`);
  await expect(page.getByLabel('Expired keys')).toHaveText(`Expired keys${info.expired_keys}`);
  await expect(page.getByText('Performance tip')).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'resources-redis.png') });

  // Refresh reads the server again
  await redisServer.cli('SET', 'one-more', '1');
  await infoAfterRefresh(page, redisServer);
  expect(await redisServer.cli('EXISTS', 'one-more')).toMatch(/^1\s*$/);
});

test('a User gets 403 from the API and sees no Resources link', async ({ page, baseURL }) => {
  await createUserWithPassword(baseURL, {
    email: 'resources-reader@auditdesk.test',
    name: 'Resources Reader',
    role: 'User',
    password: 'reader-password-2',
  });
  await signIn(page, 'resources-reader@auditdesk.test', 'reader-password-2');
  await expect(page.getByRole('link', { name: 'Leads' })).toBeVisible();
  await expect(page.getByLabel('Resources')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Redis' })).toHaveCount(0);
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/resources/redis', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return { status: response.status, body: await response.text() };
  });
  expect(answer.status).toBe(403);
  expect(answer.body).not.toContain('keys');
});
