import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backUpCommand } from '../../src/cli/backupCommands';
import { openServices } from '../../src/openServices';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { startS3Server, type TestS3Server } from '../../testkit/servers/s3Server';

/** What `pnpm backup` prints, and the exit code an operator's script reads. */
describe('pnpm backup', () => {
  let s3: TestS3Server;
  let dir: string;
  let services: Awaited<ReturnType<typeof openServices>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-backup-command-'));
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      BACKUP_KEY: 'a passphrase 2026',
      ...s3.env(),
    });
    services = await openServices(config, {
      uploadRetry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
    });
    await services.users.create({ email: 'a@example.com', fullName: 'A', role: 'Admin', passwordHash: null });
  });
  afterAll(async () => {
    await services.close();
    await s3.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async () => {
    const lines: string[] = [];
    const code = await backUpCommand(services.backups, (line) => lines.push(line));
    return { code, text: lines.join('\n') };
  };

  it('prints the new point with its size, check, counts and places, then says when nothing changed', async () => {
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.text).toMatch(
      /^\S+-manual {2}\d+\.\d MB {2}integrity_check ok[^\n]*\n {2}[^\n]*users 1[^\n]*\n {2}kept on this machine \+ the bucket$/,
    );
    const name = first.text.split(' ')[0]!;

    expect(await run()).toEqual({
      code: 0,
      text: `Nothing changed since ${name}: no new snapshot (${/(\d+\.\d MB)/.exec(first.text)![1]}, this machine + the bucket).`,
    });
  });

  it('exits 1 and says so when the copy off the machine failed; the point stays on this machine', async () => {
    await services.db.batch([sql`UPDATE users SET notes = 'changed'`]);
    s3.refuseNext(1000);
    const failed = await run();
    s3.refuseNext(0);
    expect(failed.code).toBe(1);
    expect(failed.text).toMatch(
      /\n {2}kept on this machine \+ NOT in the bucket \(.*refused it 2 times.*\)$/,
    );
  });
});
