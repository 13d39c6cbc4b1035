import path from 'node:path';
import { ConfigError } from '../../src/platform/config/ConfigError';
import { loadConfig } from '../../src/platform/config/loadConfig';

describe('loadConfig', () => {
  it('falls back to the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 8080, serveWeb: false });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databasePath).toBe(path.resolve('data/auditdesk.db'));
    expect(config.remoteUrls).toEqual({
      remote_leads: '/remotes/leads/mf-manifest.json',
      remote_scheduling: '/remotes/scheduling/mf-manifest.json',
      remote_sync: '/remotes/sync/mf-manifest.json',
      remote_admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('reads DATABASE_URL, the remote URLs and production mode', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://auditdesk.example.com/',
      DATABASE_URL: 'file:/tmp/x.db',
      REMOTE_LEADS_URL: 'https://leads.example.com/mf-manifest.json',
    });
    expect(config).toMatchObject({
      serveWeb: true,
      databasePath: '/tmp/x.db',
      publicOrigin: 'https://auditdesk.example.com',
    });
    expect(config.remoteUrls.remote_leads).toBe('https://leads.example.com/mf-manifest.json');
  });

  it.each([
    ['PORT', 'eighty', /PORT: expected a port number \(got "eighty"\)/],
    ['PORT', '70000', /PORT: expected a port between 1 and 65535/],
    ['REMOTE_SYNC_URL', 'ftp://x', /REMOTE_SYNC_URL: expected an http\(s\) URL or a path/],
    ['ADMIN_EMAIL', 'nobody', /ADMIN_EMAIL: expected an e-mail address/],
    ['NODE_ENV', 'staging', /NODE_ENV:/],
    ['DATABASE_URL', 'postgres://db', /DATABASE_URL: expected file:/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL/],
    ['AUDITORS', 'Sam Rivera', /AUDITORS: expected 2 to 20 different names separated by commas/],
    ['AUDITORS', 'Sam Rivera, sam rivera', /AUDITORS: expected 2 to 20 different names/],
    ['AUDITORS', Array.from({ length: 21 }, (_, index) => `Auditor ${index}`).join(','), /AUDITORS:/],
  ])('stops on a bad %s, naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads two or more auditors, the first two the default pair', () => {
    expect(loadConfig({}).auditors).toEqual(['Sam Rivera', 'Alex Chen']);
    expect(loadConfig({ AUDITORS: ' Dana Smith, Sam Rivera ,Pat Morgan' }).auditors).toEqual([
      'Dana Smith',
      'Sam Rivera',
      'Pat Morgan',
    ]);
  });

  it('never repeats a secret it refuses', () => {
    try {
      loadConfig({ ADMIN_PASSWORD: 'short-pw', JWT_SECRET: 'tiny' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('ADMIN_PASSWORD: expected at least 12 characters');
      expect(message).toContain('JWT_SECRET: expected at least 32 characters');
      expect(message).not.toContain('short-pw');
      expect(message).not.toContain('tiny');
    }
  });

  it('needs PUBLIC_URL in production: the app never takes its own address from a request', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ PORT: '9000' }).publicOrigin).toBe('http://localhost:9000');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '9001' }).publicOrigin).toBe('http://127.0.0.1:9001');
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7, loopback', ['10.0.0.0/8', '192.168.1.7', 'loopback']],
    ['fd00::/8', ['fd00::/8']],
  ])('reads TRUST_PROXY %p: off by default, hops or proxy addresses', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'everyone', '10.0.0.1; rm -rf'])('refuses TRUST_PROXY %p', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: expected false, a hop count/);
  });

  it('never repeats a REDIS_URL it refuses: it may carry a password', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache:6379' })).toThrow(
      /- REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL$/,
    );
  });

  it('leaves Redis out unless REDIS_URL is set, with the prefix and plan defaults', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.example.com:6380/2' }).redis).toEqual({
      url: 'rediss://:pw@cache.example.com:6380/2',
      prefix: 'auditdesk:',
      planName: 'Self-hosted',
    });
    expect(
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'desk2:', REDIS_PLAN: 'Upstash Free' })
        .redis,
    ).toMatchObject({ prefix: 'desk2:', planName: 'Upstash Free' });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it.each([
    ['caldav', {}, ['CALDAV_URL', 'CALDAV_USERNAME', 'CALDAV_PASSWORD']],
    [
      'microsoft',
      { MS_TENANT_ID: 'contoso.onmicrosoft.com' },
      ['MS_CLIENT_ID', 'MS_CLIENT_SECRET', 'MS_CALENDAR_USER'],
    ],
  ])('names every setting CALENDAR_SOURCE=%s still needs', (source, given, missing) => {
    try {
      loadConfig({ CALENDAR_SOURCE: source, ...given });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of missing)
        expect(message).toContain(`${name}: required when CALENDAR_SOURCE is ${source}`);
      for (const name of Object.keys(given)) expect(message).not.toContain(`${name}:`);
    }
  });

  it('reads a CalDAV account', () => {
    const config = loadConfig({
      CALENDAR_SOURCE: 'caldav',
      CALDAV_URL: 'https://dav.example.com/',
      CALDAV_USERNAME: 'office',
      CALDAV_PASSWORD: 'app password',
      CALDAV_CALENDAR: 'Audits',
      CALDAV_ALLOWED_ORIGINS: 'https://p42-caldav.icloud.com, https://dav2.example.com:8443/',
    });
    expect(config.caldav).toEqual({
      url: 'https://dav.example.com/',
      username: 'office',
      password: 'app password',
      calendar: 'Audits',
      allowedOrigins: ['https://p42-caldav.icloud.com', 'https://dav2.example.com:8443'],
    });
    expect(() =>
      loadConfig({
        ...{ CALENDAR_SOURCE: 'caldav', CALDAV_URL: 'https://dav.example.com/' },
        CALDAV_USERNAME: 'o',
        CALDAV_PASSWORD: 'p',
        CALDAV_ALLOWED_ORIGINS: 'https://x.example.com/path',
      }),
    ).toThrow(
      'CALDAV_ALLOWED_ORIGINS: expected origins like https://host:port (got "https://x.example.com/path")',
    );
    expect(config.microsoft).toBeUndefined();
  });

  it('reads a Microsoft 365 app registration, with Microsoft’s addresses by default', () => {
    const config = loadConfig({
      CALENDAR_SOURCE: 'microsoft',
      MS_TENANT_ID: 'contoso.onmicrosoft.com',
      MS_CLIENT_ID: '00000000-0000-0000-0000-000000000001',
      MS_CLIENT_SECRET: 'shh',
      MS_CALENDAR_USER: 'office@contoso.com',
    });
    expect(config.microsoft).toMatchObject({
      calendarUser: 'office@contoso.com',
      graphRoot: 'https://graph.microsoft.com/v1.0',
      loginRoot: 'https://login.microsoftonline.com',
    });
  });

  it('refuses a CALDAV_URL that is not http(s), naming it', () => {
    expect(() => loadConfig({ CALDAV_URL: 'dav.example.com' })).toThrow(
      /CALDAV_URL: expected an http\(s\) URL \(got "dav.example.com"\)/,
    );
  });

  it('reads the calendar limits, who may sync and how often, with safe defaults', () => {
    expect(loadConfig({})).toMatchObject({
      calendarLimits: {
        occurrencesPerSeries: 5_000,
        eventsPerRun: 200_000,
        textLength: 32_767,
        allowSubHourlyRules: false,
      },
      syncRoles: ['Admin', 'Manager'],
      syncRateLimitPerHour: 30,
    });
    expect(
      loadConfig({
        SYNC_MAX_OCCURRENCES_PER_SERIES: '100',
        SYNC_MAX_EVENTS_PER_RUN: '1000',
        SYNC_MAX_TEXT_LENGTH: '500',
        SYNC_ALLOW_SUBHOURLY_RULES: 'true',
        SYNC_ROLES: 'admin, manager,User',
        RATE_LIMIT_SYNC_PER_USER: '5',
      }),
    ).toMatchObject({
      calendarLimits: {
        occurrencesPerSeries: 100,
        eventsPerRun: 1000,
        textLength: 500,
        allowSubHourlyRules: true,
      },
      syncRoles: ['Admin', 'Manager', 'User'],
      syncRateLimitPerHour: 5,
    });
  });

  it('refuses a role it does not know and a text limit over what a spreadsheet cell holds', () => {
    expect(() => loadConfig({ SYNC_ROLES: 'Admin,Auditor' })).toThrow(/SYNC_ROLES: expected roles among/);
    expect(() => loadConfig({ SYNC_MAX_TEXT_LENGTH: '40000' })).toThrow(/SYNC_MAX_TEXT_LENGTH/);
  });

  describe('DATABASE', () => {
    const D1 = {
      DATABASE: 'd1',
      D1_ACCOUNT_ID: 'account-1',
      D1_DATABASE_ID: 'database-1',
      D1_API_TOKEN: 'a-cloudflare-api-token',
      JWT_SECRET: 'a-signing-key-of-at-least-thirty-two-characters',
    };

    it('is the local SQLite file by default', () => {
      expect(loadConfig({})).toMatchObject({ database: 'sqlite', d1: undefined });
    });

    it('reads the D1 settings, with Cloudflare as the API root and Free as the plan', () => {
      expect(loadConfig(D1)).toMatchObject({
        database: 'd1',
        d1: {
          accountId: 'account-1',
          databaseId: 'database-1',
          apiToken: 'a-cloudflare-api-token',
          apiRoot: 'https://api.cloudflare.com/client/v4',
          planName: 'Free',
        },
      });
      expect(
        loadConfig({ ...D1, D1_API_ROOT: 'http://127.0.0.1:8787/client/v4/', D1_PLAN: 'Workers Paid' }).d1,
      ).toMatchObject({ apiRoot: 'http://127.0.0.1:8787/client/v4', planName: 'Workers Paid' });
    });

    it('names every missing D1 variable, and JWT_SECRET with the reason', () => {
      try {
        loadConfig({ DATABASE: 'd1', D1_DATABASE_ID: 'database-1' });
        throw new Error('expected a ConfigError');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems).toEqual([
          'D1_ACCOUNT_ID: required when DATABASE is d1 (the Cloudflare account that holds the database)',
          'D1_API_TOKEN: required when DATABASE is d1 (an API token with D1 Edit)',
          expect.stringMatching(
            /^JWT_SECRET: required when DATABASE is d1: the instances that share the database must sign and check sign-ins with the same key/,
          ),
        ]);
      }
    });

    it.each([
      [{ DATABASE: 'postgres' }, /DATABASE: expected sqlite or d1 \(got "postgres"\)/],
      [{ ...D1, D1_API_ROOT: 'ftp://x' }, /D1_API_ROOT: expected an http\(s\) URL/],
      [{ ...D1, DATABASE_URL: 'file:/tmp/x.db' }, /DATABASE_URL: names a SQLite file, but DATABASE is d1/],
    ])('refuses %p', (env, message) => {
      expect(() => loadConfig(env)).toThrow(message);
    });

    it('never repeats the API token', () => {
      expect(() => loadConfig({ ...D1, D1_API_TOKEN: ' ' })).toThrow(/D1_API_TOKEN/);
      expect(() => loadConfig({ ...D1, D1_API_TOKEN: ' ' })).not.toThrow(/got/);
    });
  });
});
