import { nameFromEmail, type NotificationKind } from '@auditdesk/shared/core';
import type { Role, UserRow } from '../../platform/db/schema';
import { conflict, HttpProblem, notFound } from '../../platform/errors/httpProblem';
import type { UsersRepository } from './usersRepository';

const LAST_ADMIN = 'Auditdesk needs at least one active admin. Make someone else an admin first.';

/** What the service tells the rest of the app about (live connections, the admins' bell). */
export interface UsersEvents {
  /** A user lost access: their live connections must close too. */
  accessEnded(userId: number): void;
  /** An access change the admins should hear of. */
  changed(change: { kind: NotificationKind; title: string; message: string }): void;
}

/** A person's sign-ins, as far as the accounts end them (features/auth's). */
export interface AccountSignIns {
  endAllOfUser(userId: number): Promise<void>;
}

/** A person's one-time password links, as far as the accounts make and end them (features/auth's). */
export interface AccountPasswordLinks {
  create(userId: number): Promise<{ token: string; expiresAt: string }>;
  revokeAllOfUser(userId: number): Promise<void>;
}

const NO_EVENTS: UsersEvents = { accessEnded: () => {}, changed: () => {} };

/**
 * The admin's operations on accounts, with the rules that keep the system usable: nobody
 * locks themselves out, the last active admin stays, and a lost account loses its
 * sign-ins and password links at once.
 */
export function createUsersService(
  users: UsersRepository,
  signIns: AccountSignIns,
  passwordLinks: AccountPasswordLinks,
  events: UsersEvents = NO_EVENTS,
) {
  async function mustFind(id: number): Promise<UserRow> {
    const user = await users.findById(id);
    if (!user) throw notFound(`There is no user ${id}.`);
    return user;
  }

  function refuseSelf(actor: UserRow, target: UserRow, action: string) {
    if (actor.id === target.id) throw conflict(`You cannot ${action} your own account.`);
  }

  /** Refuses a change that would leave no active admin. */
  async function keepAnAdmin(target: UserRow) {
    if (target.role === 'Admin' && target.isActive && (await users.countActiveAdmins()) <= 1)
      throw conflict(LAST_ADMIN);
  }

  async function cutOff(user: UserRow) {
    // first, so open pages hear why: their access ended, not a sign-out
    events.accessEnded(user.id);
    await signIns.endAllOfUser(user.id);
    await passwordLinks.revokeAllOfUser(user.id);
  }

  const by = (actor: UserRow) => actor.fullName || actor.email;

  return {
    /** Gives an e-mail access, creating its account when new (with a name read from the e-mail). */
    async grant(
      actor: UserRow,
      input: { email: string; name?: string; notes?: string; role?: Role },
    ): Promise<UserRow> {
      const existing = await users.findByEmail(input.email);
      if (!existing) {
        const created = await users.create({
          email: input.email,
          fullName: input.name ?? nameFromEmail(input.email),
          role: input.role ?? 'User',
          notes: input.notes ?? null,
        });
        events.changed({
          kind: 'access-granted',
          title: `Access granted to ${created.email}`,
          message: `${by(actor)} gave ${created.fullName} access as ${created.role}.`,
        });
        return created;
      }
      if (input.role && input.role !== existing.role) {
        refuseSelf(actor, existing, 'change the role of');
        if (input.role !== 'Admin') await keepAnAdmin(existing);
      }
      const granted = (await users.update(existing.id, {
        isActive: true,
        revokedAt: null,
        ...(input.role ? { role: input.role } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      }))!;
      if (!existing.isActive)
        events.changed({
          kind: 'access-granted',
          title: `Access restored for ${granted.email}`,
          message: `${by(actor)} restored ${granted.fullName}'s access as ${granted.role}.`,
        });
      else if (granted.role !== existing.role)
        events.changed({
          kind: 'role-changed',
          title: `${granted.email} is now ${granted.role}`,
          message: `${by(actor)} changed the role from ${existing.role} to ${granted.role}.`,
        });
      return granted;
    },

    async revoke(actor: UserRow, email: string): Promise<UserRow> {
      const target = await users.findByEmail(email);
      if (!target) throw notFound(`No account has the e-mail ${email}.`);
      refuseSelf(actor, target, 'revoke access of');
      await keepAnAdmin(target);
      await cutOff(target);
      const revoked = (await users.update(target.id, {
        isActive: false,
        revokedAt: new Date().toISOString(),
      }))!;
      events.changed({
        kind: 'access-revoked',
        title: `Access revoked for ${target.email}`,
        message: `${by(actor)} revoked ${target.fullName}'s access.`,
      });
      return revoked;
    },

    async create(actor: UserRow, input: { email: string; name: string; role: Role }): Promise<UserRow> {
      if (await users.findByEmail(input.email))
        throw conflict(`A user with the e-mail ${input.email} already exists.`);
      const created = await users.create({ email: input.email, fullName: input.name, role: input.role });
      events.changed({
        kind: 'access-granted',
        title: `Access granted to ${created.email}`,
        message: `${by(actor)} added ${created.fullName} as ${created.role}.`,
      });
      return created;
    },

    async setRole(actor: UserRow, id: number, role: Role): Promise<UserRow> {
      const target = await mustFind(id);
      if (target.role === role) return target;
      refuseSelf(actor, target, 'change the role of');
      if (role !== 'Admin') await keepAnAdmin(target);
      const changed = (await users.update(id, { role }))!;
      events.changed({
        kind: 'role-changed',
        title: `${target.email} is now ${role}`,
        message: `${by(actor)} changed the role from ${target.role} to ${role}.`,
      });
      return changed;
    },

    async setStatus(actor: UserRow, id: number, isActive: boolean): Promise<UserRow> {
      const target = await mustFind(id);
      if (target.isActive === isActive) return target;
      if (!isActive) {
        refuseSelf(actor, target, 'deactivate');
        await keepAnAdmin(target);
        await cutOff(target);
      }
      const changed = (await users.update(id, {
        isActive,
        revokedAt: isActive ? null : new Date().toISOString(),
      }))!;
      events.changed({
        kind: isActive ? 'access-granted' : 'access-revoked',
        title: `${target.email} was ${isActive ? 'reactivated' : 'deactivated'}`,
        message: `${by(actor)} ${isActive ? 'reactivated' : 'deactivated'} ${target.fullName}.`,
      });
      return changed;
    },

    async remove(actor: UserRow, id: number): Promise<void> {
      const target = await mustFind(id);
      refuseSelf(actor, target, 'delete');
      await keepAnAdmin(target);
      await users.remove(id); // sessions, refresh tokens and password links go with it (ON DELETE CASCADE)
      events.accessEnded(id);
      events.changed({
        kind: 'user-deleted',
        title: `${target.email} was deleted`,
        message: `${by(actor)} deleted ${target.fullName}'s account.`,
      });
    },

    /** An account that may be sent a password link or an invitation: an inactive one may not. */
    async linkable(id: number): Promise<UserRow> {
      const user = await mustFind(id);
      if (!user.isActive)
        throw new HttpProblem(409, 'This account has no access. Restore its access before sending a link.');
      return user;
    },

    /** A one-time link to set a password; an inactive account gets none. */
    async passwordLink(id: number): Promise<{ user: UserRow; token: string; expiresAt: string }> {
      const user = await this.linkable(id);
      return { user, ...(await passwordLinks.create(user.id)) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
