import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/openDatabase';
import { createUsersRepository } from '../users/usersRepository';
import { ensureBootstrapAdmin } from './ensureBootstrapAdmin';
import { verifyPassword } from './passwords';

function freshUsers() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-admin-'));
  return createUsersRepository(openDatabase(path.join(dir, 'db.sqlite')));
}

describe('ensureBootstrapAdmin', () => {
  it('creates an admin with a generated password on a new database, once', async () => {
    const users = freshUsers();
    const outcome = await ensureBootstrapAdmin({}, users);
    expect(outcome.kind).toBe('created-with-generated-password');
    if (outcome.kind !== 'created-with-generated-password') return;
    const admin = users.findByEmail(outcome.email);
    expect(admin?.role).toBe('Admin');
    expect(await verifyPassword(outcome.password, admin!.passwordHash!)).toBe(true);
    expect(outcome.password.length).toBeGreaterThanOrEqual(16);

    expect(await ensureBootstrapAdmin({}, users)).toEqual({ kind: 'unchanged' });
  });

  it('makes sure the configured admin exists, is active, is Admin and has the configured password', async () => {
    const users = freshUsers();
    const config = { adminEmail: 'boss@example.com', adminPassword: 'first-password-1' };
    await ensureBootstrapAdmin(config, users);
    const created = users.findByEmail('boss@example.com')!;
    users.update(created.id, { role: 'User', isActive: false });

    await ensureBootstrapAdmin({ ...config, adminPassword: 'second-password-2' }, users);

    const admin = users.findByEmail('boss@example.com')!;
    expect(admin).toMatchObject({ role: 'Admin', isActive: true });
    expect(await verifyPassword('second-password-2', admin.passwordHash!)).toBe(true);
    expect(users.count()).toBe(1);
  });
});
