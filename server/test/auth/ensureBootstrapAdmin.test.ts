import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/platform/db/openDatabase';
import { createUsersRepository } from '../../src/features/users/usersRepository';
import { ensureBootstrapAdmin } from '../../src/features/auth/ensureBootstrapAdmin';
import { createPasswords, TEST_SCRYPT } from '../../src/features/auth/passwords';

const passwords = createPasswords(TEST_SCRYPT);

async function freshUsers() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-admin-'));
  return createUsersRepository(await openDatabase({ databasePath: path.join(dir, 'db.sqlite') }));
}

describe('ensureBootstrapAdmin', () => {
  it('creates an admin with a generated password on a new database, once', async () => {
    const users = await freshUsers();
    const outcome = await ensureBootstrapAdmin({}, users, passwords);
    expect(outcome.kind).toBe('created-with-generated-password');
    if (outcome.kind !== 'created-with-generated-password') return;
    const admin = await users.findByEmail(outcome.email);
    expect(admin?.role).toBe('Admin');
    expect((await passwords.verify(outcome.password, admin!.passwordHash!)).valid).toBe(true);
    expect(outcome.password.length).toBeGreaterThanOrEqual(16);

    expect(await ensureBootstrapAdmin({}, users, passwords)).toEqual({ kind: 'unchanged' });
  });

  it('makes sure the configured admin exists, is active, is Admin and has the configured password', async () => {
    const users = await freshUsers();
    const config = { adminEmail: 'boss@example.com', adminPassword: 'first-password-1' };
    await ensureBootstrapAdmin(config, users, passwords);
    const created = (await users.findByEmail('boss@example.com'))!;
    await users.update(created.id, { role: 'User', isActive: false });

    await ensureBootstrapAdmin({ ...config, adminPassword: 'second-password-2' }, users, passwords);

    const admin = (await users.findByEmail('boss@example.com'))!;
    expect(admin).toMatchObject({ role: 'Admin', isActive: true });
    expect((await passwords.verify('second-password-2', admin.passwordHash!)).valid).toBe(true);
    expect(await users.count()).toBe(1);
  });
});
