import fs from 'node:fs';
import { LIVE_CACHE_MS } from '../../src/features/releases/liveRemotes';
import { eventually } from '../../testkit/eventually';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { publishedRelease, fakeWebRoot } from '../../testkit/builders/releaseBuilds';
import { hubClient, startTwoInstances, type Instance } from '../../testkit/instances/twoInstances';
import { bearer } from '../../testkit/testApp';

// real servers on a machine that may be busy: the times are `pnpm bench release-stages`'s
jest.setTimeout(30_000);

const remotesJson = async (instance: Instance) =>
  (await (await fetch(`${instance.url}/remotes.json`)).json()) as Record<string, string>;

async function promoteOn(instance: Instance, version: string) {
  const token = (await instance.login()).access_token;
  const response = await fetch(`${instance.url}/api/releases/remote_leads/promote`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ version }),
  });
  expect(response.status).toBe(200);
}

describe('a promotion on one instance, seen by another', () => {
  let webRoot: string;
  beforeEach(() => {
    webRoot = fakeWebRoot();
  });
  afterEach(() => fs.rmSync(webRoot, { recursive: true, force: true }));

  describe('through Redis', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(() => redis.dispose());

    it("is B's /remotes.json at once, and every open tab on both instances is told once", async () => {
      const { a, b, close } = await startTwoInstances({ REDIS_URL: redis.url, WEB_ROOT: webRoot });
      try {
        const { version } = await publishedRelease(a, 'remote_leads');
        expect((await remotesJson(b)).remote_leads).toBe('/remotes/leads/mf-manifest.json');
        const tabs = [
          hubClient(a, (await a.login()).access_token),
          hubClient(b, (await b.login()).access_token),
        ];
        const told: unknown[][][] = [[], []];
        tabs.forEach((tab, index) =>
          tab.on('RemoteReleased', (...args: unknown[]) => told[index]!.push(args)),
        );
        await Promise.all(tabs.map((tab) => tab.start()));
        await promoteOn(a, version);
        const url = `/releases/leads/${version}/mf-manifest.json`;
        await eventually(async () => expect((await remotesJson(b)).remote_leads).toBe(url), {
          delayMs: 10,
          attempts: 500,
        });
        const expected = [['remote_leads', version, url, '']];
        await eventually(() => expect(told).toEqual([expected, expected]));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(told).toEqual([expected, expected]); // once each, not once per instance
        await Promise.all(tabs.map((tab) => tab.stop()));
      } finally {
        await close();
      }
    });
  });

  describe('a stage, through Redis', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(() => redis.dispose());

    it("is each person's on both instances at once, told to their tabs only, and aborted by the watch once for both", async () => {
      const { a, b, close } = await startTwoInstances({
        REDIS_URL: redis.url,
        WEB_ROOT: webRoot,
        RELEASE_WATCH_MIN_LOADS: '2',
      });
      try {
        const live = await publishedRelease(a, 'remote_leads');
        const staged = await publishedRelease(a, 'remote_leads');
        await promoteOn(a, live.version); // through A: both instances know it before the tabs connect
        await eventually(async () =>
          expect((await remotesJson(b)).remote_leads).toBe(
            `/releases/leads/${live.version}/mf-manifest.json`,
          ),
        );
        await a.users.create({
          email: 'user@example.com',
          fullName: 'Una User',
          role: 'User',
          passwordHash: await a.passwords.hash('user-password-1'),
        });
        const adminToken = (await b.login()).access_token;
        const userToken = (await b.login('user@example.com', 'user-password-1')).access_token;
        const leadsOn = async (instance: Instance, token: string) =>
          (
            (await (
              await fetch(`${instance.url}/remotes.json`, { headers: bearer(token) })
            ).json()) as Record<string, string>
          ).remote_leads;
        const tabs = [
          hubClient(a, (await a.login()).access_token),
          hubClient(b, adminToken),
          hubClient(b, userToken),
        ];
        const told: unknown[][][] = [[], [], []];
        tabs.forEach((tab, index) =>
          tab.on('RemoteReleased', (...args: unknown[]) => told[index]!.push(args)),
        );
        await Promise.all(tabs.map((tab) => tab.start()));
        const answer = await fetch(`${a.url}/api/releases/remote_leads/stage`, {
          method: 'POST',
          headers: { ...bearer((await a.login()).access_token), 'content-type': 'application/json' },
          body: JSON.stringify({ version: staged.version, audience: { kind: 'role', role: 'Admin' } }),
        });
        expect(answer.status).toBe(200);
        const stagedUrl = `/releases/leads/${staged.version}/mf-manifest.json`;
        const liveUrl = `/releases/leads/${live.version}/mf-manifest.json`;
        await eventually(async () => expect(await leadsOn(b, adminToken)).toBe(stagedUrl), {
          delayMs: 10,
          attempts: 500,
        });
        expect(await leadsOn(b, userToken)).toBe(liveUrl);
        const toStaged = [['remote_leads', staged.version, stagedUrl, '']];
        await eventually(() => expect(told).toEqual([toStaged, toStaged, []]));

        // two failed loads on B: a watch takes the stage back, on both instances, once
        for (let index = 0; index < 2; index += 1) {
          const reported = await fetch(`${b.url}/api/releases/load-errors`, {
            method: 'POST',
            headers: { ...bearer(adminToken), 'content-type': 'application/json' },
            body: JSON.stringify({
              remote: 'remote_leads',
              version: staged.version,
              phase: 'entry',
              error: 'RUNTIME-008',
              route: '/leads',
            }),
          });
          expect(reported.status).toBe(204);
        }
        await eventually(async () => expect(await leadsOn(a, (await a.login()).access_token)).toBe(liveUrl), {
          delayMs: 50,
          attempts: 200,
        });
        const back = [...toStaged, ['remote_leads', live.version, liveUrl, '']];
        await eventually(() => expect(told).toEqual([back, back, []]));
        await new Promise((resolve) => setTimeout(resolve, 500));
        const bell = (await (
          await fetch(`${a.url}/api/notifications`, { headers: bearer(adminToken) })
        ).json()) as {
          items: { kind: string; title: string }[];
        };
        expect(bell.items.filter((item) => item.kind === 'release-aborted')).toEqual([
          expect.objectContaining({ title: `Leads ${staged.version} taken back automatically` }),
        ]);
        expect(told).toEqual([back, back, []]);
        await Promise.all(tabs.map((tab) => tab.stop()));
      } finally {
        await close();
      }
    });
  });

  it('without Redis, is B’s /remotes.json within its brief cache time', async () => {
    const { a, b, close } = await startTwoInstances({ WEB_ROOT: webRoot });
    try {
      const { version } = await publishedRelease(a, 'remote_leads');
      expect((await remotesJson(b)).remote_leads).toBe('/remotes/leads/mf-manifest.json');
      await promoteOn(a, version);
      expect((await remotesJson(a)).remote_leads).toBe(`/releases/leads/${version}/mf-manifest.json`);
      await eventually(
        async () =>
          expect((await remotesJson(b)).remote_leads).toBe(`/releases/leads/${version}/mf-manifest.json`),
        { delayMs: 100, attempts: (LIVE_CACHE_MS + 3000) / 100 },
      );
    } finally {
      await close();
    }
  });
});
