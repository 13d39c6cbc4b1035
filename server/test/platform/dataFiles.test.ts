import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp } from '../../testkit/testApp';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data folder holds secrets', () => {
  it('is the owner’s alone: folder 0700; database, its WAL files, signing key and spreadsheet 0600', async () => {
    const calendar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-cal-')), 'c.ics');
    fs.writeFileSync(calendar, icsCalendar([{ uid: 'a', start: '20250304T140000Z' }]));
    const t = await createTestApp({ CALENDAR_ICS: calendar });
    const token = (await t.login()).access_token;
    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: bearer(token),
      payload: { startDate: '2025-03-01', endDate: '2025-03-31' },
    });
    expect(synced.json().success).toBe(true);
    expect(mode(t.dataDir)).toBe(0o700);
    for (const file of ['auditdesk.db', 'auditdesk.db-wal', 'auditdesk.db-shm', 'jwt-secret', 'leads.xlsx'])
      expect([file, mode(path.join(t.dataDir, file))]).toEqual([file, 0o600]);
    await t.close();
  });
});

describe('passwords', () => {
  it('are hashed at OWASP’s cost outside the test suite, and weaker hashes are redone at sign-in', async () => {
    const { createPasswords, OWASP_SCRYPT, TEST_SCRYPT } = await import('../../src/features/auth/passwords');
    // one of OWASP's five equal scrypt minimums (N=2^13, r=8, p=10: 8 MiB, ten passes)
    expect(OWASP_SCRYPT).toEqual({ N: 2 ** 13, r: 8, p: 10 });
    expect(createPasswords().params).toEqual(OWASP_SCRYPT);
    const t = await createTestApp();
    const weak = createPasswords({ N: 2 ** 10, r: 8, p: 1 });
    const user = await t.users.create({
      email: 'old@example.com',
      fullName: 'Old Hash',
      role: 'User',
      passwordHash: await weak.hash('an-old-password-1'),
    });
    await t.login('old@example.com', 'an-old-password-1');
    const rehashed = (await t.users.findById(user.id))!.passwordHash!;
    expect(rehashed.split('$').slice(0, 4)).toEqual(['scrypt', String(TEST_SCRYPT.N), '8', '1']);
    await t.login('old@example.com', 'an-old-password-1');
    await t.close();
  });

  it('a hash at another cost as strong (N=2^17, the cost before) is redone at today’s, which is quicker to check', async () => {
    const { createPasswords, TEST_SCRYPT } = await import('../../src/features/auth/passwords');
    const t = await createTestApp();
    // stronger than the suite's cost by N·r·p, as N=2^17, r=8, p=1 is against N=2^13, r=8, p=10
    const before = createPasswords({ N: TEST_SCRYPT.N, r: 8, p: 2 });
    const user = await t.users.create({
      email: 'before@example.com',
      fullName: 'Hashed Before',
      role: 'User',
      passwordHash: await before.hash('a-password-from-before-1'),
    });
    await t.login('before@example.com', 'a-password-from-before-1');
    const rehashed = (await t.users.findById(user.id))!.passwordHash!;
    expect(rehashed.split('$').slice(0, 4)).toEqual(['scrypt', String(TEST_SCRYPT.N), '8', '1']);
    await t.close();
  });
});
