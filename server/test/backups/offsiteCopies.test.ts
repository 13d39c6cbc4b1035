import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openServices } from '../../src/openServices';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { startS3Server, type TestS3Server } from '../../testkit/servers/s3Server';

// Issue 36: each verified snapshot goes to the bucket; a copy that fails is retried with back-off,
// and one that keeps failing is reported to the Admins while the local snapshot stays.
describe('copies off the machine', () => {
  let s3: TestS3Server;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-offsite-'));
  });
  afterAll(async () => {
    await s3.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('retries a refused copy, and reports one the bucket keeps refusing, keeping the snapshot', async () => {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...s3.env('retry') });
    const services = await openServices(config, {
      uploadRetry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
    });
    try {
      await services.users.create({
        email: 'a@example.com',
        fullName: 'A',
        role: 'Admin',
        passwordHash: null,
      });
      s3.refuseNext(2);
      const first = (await services.backups.backUpNow('the test')).point;
      await services.backups.settled();
      expect(s3.keys()).toContain(`retry/${first.name}.adsnap`);

      await services.db.batch([sql`UPDATE users SET notes = 'changed'`]);
      s3.refuseNext(1000);
      const second = (await services.backups.backUpNow('the test')).point;
      await services.backups.settled();
      s3.refuseNext(0);
      const overview = await services.backups.overview();
      expect(overview.points.find((point) => point.name === second.name)).toMatchObject({
        local: true,
        offsite: 'failed',
        offsiteProblem: expect.stringMatching(/refused it 3 times/),
      });
      expect(overview.offsite).toMatchObject({ failing: 1 });
      const [bell] = await services.db.all<{ kind: string; message: string }>(
        sql`SELECT kind, message FROM notifications WHERE kind = 'backup-copy-failed'`,
      );
      expect(bell?.message).toContain(second.name);
      expect(fs.existsSync(path.join(dir, 'backups', `${second.name}.adsnap`))).toBe(true);
    } finally {
      await services.close();
    }
  });
});
