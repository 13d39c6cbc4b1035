import type { Config } from '../../platform/config/loadConfig';
import type { UsersRepository } from '../users/usersRepository';
import { generatePassword, type Passwords } from './passwords';

const DEFAULT_ADMIN_EMAIL = 'admin@auditdesk.local';

export type BootstrapOutcome =
  | { kind: 'unchanged' }
  | { kind: 'ensured'; email: string }
  | { kind: 'created-with-generated-password'; email: string; password: string };

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD name an admin that must exist (its password follows the
 * setting). Without them, a new database gets one admin with a generated password that
 * the caller prints once.
 */
export async function ensureBootstrapAdmin(
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  users: UsersRepository,
  passwords: Passwords,
): Promise<BootstrapOutcome> {
  const { adminEmail, adminPassword } = config;
  if (adminEmail && adminPassword) {
    const existing = await users.findByEmail(adminEmail);
    if (!existing) {
      await users.create({
        email: adminEmail,
        fullName: 'Administrator',
        role: 'Admin',
        passwordHash: await passwords.hash(adminPassword),
      });
    } else {
      const check = existing.passwordHash
        ? await passwords.verify(adminPassword, existing.passwordHash)
        : { valid: false, needsRehash: false };
      await users.update(existing.id, {
        role: 'Admin',
        isActive: true,
        revokedAt: null,
        ...(check.valid && !check.needsRehash ? {} : { passwordHash: await passwords.hash(adminPassword) }),
      });
    }
    return { kind: 'ensured', email: adminEmail };
  }
  if ((await users.count()) > 0) return { kind: 'unchanged' };
  const email = adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = generatePassword();
  await users.create({
    email,
    fullName: 'Administrator',
    role: 'Admin',
    passwordHash: await passwords.hash(password),
  });
  return { kind: 'created-with-generated-password', email, password };
}
