import { nameFromEmail } from '@auditdesk/shared/core';
import type { PasswordLinks } from '../auth/passwordLinks';
import type { SignIns } from '../auth/sessions/signIns';
import type { Role, UserRow } from '../db/schema';
import { conflict, HttpProblem, notFound } from '../errors/httpProblem';
import type { UsersRepository } from './usersRepository';

const LAST_ADMIN = 'Auditdesk needs at least one active admin. Make someone else an admin first.';

/**
 * The admin's operations on accounts, with the rules that keep the system usable: nobody
 * locks themselves out, the last active admin stays, and a lost account loses its
 * sign-ins and password links at once.
 */
export function createUsersService(
  users: UsersRepository,
  signIns: SignIns,
  passwordLinks: PasswordLinks,
  /** Told when a user lost access, so their live connections close too. */
  onAccessEnded: (userId: number) => void = () => {},
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
    await signIns.endAllOfUser(user.id);
    await passwordLinks.revokeAllOfUser(user.id);
    onAccessEnded(user.id);
  }

  return {
    /** Gives an e-mail access, creating its account when new (with a name read from the e-mail). */
    async grant(
      actor: UserRow,
      input: { email: string; name?: string; notes?: string; role?: Role },
    ): Promise<UserRow> {
      const existing = await users.findByEmail(input.email);
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
        if (input.role !== 'Admin') await keepAnAdmin(existing);
      }
      return (await users.update(existing.id, {
        isActive: true,
        revokedAt: null,
        ...(input.role ? { role: input.role } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      }))!;
    },

    async revoke(actor: UserRow, email: string): Promise<UserRow> {
      const target = await users.findByEmail(email);
      if (!target) throw notFound(`No account has the e-mail ${email}.`);
      refuseSelf(actor, target, 'revoke access of');
      await keepAnAdmin(target);
      await cutOff(target);
      return (await users.update(target.id, { isActive: false, revokedAt: new Date().toISOString() }))!;
    },

    async create(input: { email: string; name: string; role: Role }): Promise<UserRow> {
      if (await users.findByEmail(input.email))
        throw conflict(`A user with the e-mail ${input.email} already exists.`);
      return users.create({ email: input.email, fullName: input.name, role: input.role });
    },

    async setRole(actor: UserRow, id: number, role: Role): Promise<UserRow> {
      const target = await mustFind(id);
      if (target.role === role) return target;
      refuseSelf(actor, target, 'change the role of');
      if (role !== 'Admin') await keepAnAdmin(target);
      return (await users.update(id, { role }))!;
    },

    async setStatus(actor: UserRow, id: number, isActive: boolean): Promise<UserRow> {
      const target = await mustFind(id);
      if (target.isActive === isActive) return target;
      if (!isActive) {
        refuseSelf(actor, target, 'deactivate');
        await keepAnAdmin(target);
        await cutOff(target);
      }
      return (await users.update(id, { isActive, revokedAt: isActive ? null : new Date().toISOString() }))!;
    },

    async remove(actor: UserRow, id: number): Promise<void> {
      const target = await mustFind(id);
      refuseSelf(actor, target, 'delete');
      await keepAnAdmin(target);
      await users.remove(id); // sessions, refresh tokens and password links go with it (ON DELETE CASCADE)
      onAccessEnded(id);
    },

    /** A one-time link to set a password; an inactive account gets none. */
    async passwordLink(id: number): Promise<{ user: UserRow; token: string; expiresAt: string }> {
      const user = await mustFind(id);
      if (!user.isActive)
        throw new HttpProblem(409, 'This account has no access. Restore its access before sending a link.');
      return { user, ...(await passwordLinks.create(user.id)) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
