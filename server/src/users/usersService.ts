import { nameFromEmail } from '@auditdesk/shared/core';
import type { RefreshTokens } from '../auth/refreshTokens';
import type { Role, UserRow } from '../db/schema';
import { conflict, notFound } from '../errors/httpProblem';
import type { UsersRepository } from './usersRepository';

const LAST_ADMIN = 'Auditdesk needs at least one active admin. Make someone else an admin first.';

/**
 * The admin's operations on accounts, with the rules that keep the system usable: nobody
 * locks themselves out, the last active admin stays, and a lost account loses its
 * sessions at once.
 */
export function createUsersService(users: UsersRepository, refreshTokens: RefreshTokens) {
  function mustFind(id: number): UserRow {
    const user = users.findById(id);
    if (!user) throw notFound(`There is no user ${id}.`);
    return user;
  }

  function refuseSelf(actor: UserRow, target: UserRow, action: string) {
    if (actor.id === target.id) throw conflict(`You cannot ${action} your own account.`);
  }

  /** Refuses a change that would leave no active admin. */
  function keepAnAdmin(target: UserRow) {
    if (target.role === 'Admin' && target.isActive && users.countActiveAdmins() <= 1)
      throw conflict(LAST_ADMIN);
  }

  function endSessions(user: UserRow) {
    refreshTokens.revokeAllOfUser(user.id);
  }

  return {
    /** Gives an e-mail access, creating its account when new (with a name read from the e-mail). */
    grant(actor: UserRow, input: { email: string; name?: string; notes?: string; role?: Role }): UserRow {
      const existing = users.findByEmail(input.email);
      if (!existing) {
        return users.create({
          email: input.email,
          fullName: input.name ?? nameFromEmail(input.email),
          role: input.role ?? 'User',
          notes: input.notes ?? null,
        });
      }
      if (input.role && input.role !== existing.role) {
        refuseSelf(actor, existing, 'change the role of');
        if (input.role !== 'Admin') keepAnAdmin(existing);
      }
      return users.update(existing.id, {
        isActive: true,
        revokedAt: null,
        ...(input.role ? { role: input.role } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      })!;
    },

    revoke(actor: UserRow, email: string): UserRow {
      const target = users.findByEmail(email);
      if (!target) throw notFound(`No account has the e-mail ${email}.`);
      refuseSelf(actor, target, 'revoke access of');
      keepAnAdmin(target);
      endSessions(target);
      return users.update(target.id, { isActive: false, revokedAt: new Date().toISOString() })!;
    },

    create(input: { email: string; name: string; role: Role }): UserRow {
      if (users.findByEmail(input.email))
        throw conflict(`A user with the e-mail ${input.email} already exists.`);
      return users.create({ email: input.email, fullName: input.name, role: input.role });
    },

    setRole(actor: UserRow, id: number, role: Role): UserRow {
      const target = mustFind(id);
      if (target.role === role) return target;
      refuseSelf(actor, target, 'change the role of');
      if (role !== 'Admin') keepAnAdmin(target);
      return users.update(id, { role })!;
    },

    setStatus(actor: UserRow, id: number, isActive: boolean): UserRow {
      const target = mustFind(id);
      if (target.isActive === isActive) return target;
      if (!isActive) {
        refuseSelf(actor, target, 'deactivate');
        keepAnAdmin(target);
        endSessions(target);
      }
      return users.update(id, { isActive, revokedAt: isActive ? null : new Date().toISOString() })!;
    },

    remove(actor: UserRow, id: number): void {
      const target = mustFind(id);
      refuseSelf(actor, target, 'delete');
      keepAnAdmin(target);
      users.remove(id); // refresh tokens and password links go with it (ON DELETE CASCADE)
    },

    mustFind,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
