import type { Config } from '../config/loadConfig';
import type { UsersRepository } from '../users/usersRepository';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

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
): Promise<BootstrapOutcome> {
  const { adminEmail, adminPassword } = config;
  if (adminEmail && adminPassword) {
    const existing = users.findByEmail(adminEmail);
    if (!existing) {
      users.create({
        email: adminEmail,
        fullName: 'Administrator',
        role: 'Admin',
        passwordHash: await hashPassword(adminPassword),
      });
    } else {
      const passwordMatches =
        existing.passwordHash && (await verifyPassword(adminPassword, existing.passwordHash));
      users.update(existing.id, {
        role: 'Admin',
        isActive: true,
        ...(passwordMatches ? {} : { passwordHash: await hashPassword(adminPassword) }),
      });
    }
    return { kind: 'ensured', email: adminEmail };
  }
  if (users.count() > 0) return { kind: 'unchanged' };
  const email = adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = generatePassword();
  users.create({
    email,
    fullName: 'Administrator',
    role: 'Admin',
    passwordHash: await hashPassword(password),
  });
  return { kind: 'created-with-generated-password', email, password };
}
