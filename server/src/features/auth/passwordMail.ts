import type { Invitation } from '@auditdesk/shared/core';
import type { UserRow } from '../../platform/db/schema';
import type { Mailer } from '../mail/mailer';
import { invitationMessage, passwordChangedMessage, passwordResetMessage } from '../mail/mailMessages';
import type { UsersRepository } from '../users/usersRepository';
import { PASSWORD_LINK_TTL_MS, type PasswordLinks } from './passwordLinks';

/** An invitation's link lives longer than a reset's: people do not always read mail the same day. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const nameOf = (user: UserRow) => user.fullName || user.email;

/**
 * The mails around passwords: invitations, resets and password-changed notices. Without
 * SMTP (mailer null) an invitation is a link for the admin to pass on, and the rest is
 * not sent.
 */
export function createPasswordMail({
  passwordLinks,
  users,
  mailer,
  publicOrigin,
}: {
  passwordLinks: PasswordLinks;
  users: UsersRepository;
  mailer: Mailer | null;
  publicOrigin: string;
}) {
  // the app's own address from the settings: never from a request header
  const setPasswordUrl = (token: string) => {
    const url = new URL('/set-password', publicOrigin);
    url.searchParams.set('token', token);
    return url.href;
  };

  return {
    sendsMail: mailer !== null,
    setPasswordUrl,

    /** A fresh link for the person (older ones die), e-mailed or answered for the admin to copy. */
    async invite(actor: UserRow, user: UserRow): Promise<Invitation> {
      const { token, expiresAt } = await passwordLinks.create(user.id, INVITATION_TTL_MS);
      const url = setPasswordUrl(token);
      if (!mailer) return { delivery: 'link', url, expiresAt, email: user.email };
      await mailer.enqueue(
        invitationMessage({
          to: user.email,
          name: nameOf(user),
          adminName: nameOf(actor),
          role: user.role,
          url,
          expiresAt,
        }),
      );
      return { delivery: 'email', email: user.email };
    },

    /**
     * "Forgot password?": a reset link to an active account; nothing for any other e-mail. It
     * ends older resets only: a pending invitation stays valid (anyone may ask for a reset in
     * someone's name), until it is used, a reset link is used, or an Admin sends a new one.
     */
    async requestReset(email: string): Promise<void> {
      if (!mailer) return;
      const user = await users.findByEmail(email);
      if (!user || !user.isActive) return;
      const { token, expiresAt } = await passwordLinks.create(user.id, PASSWORD_LINK_TTL_MS, 'reset');
      await mailer.enqueue(
        passwordResetMessage({ to: user.email, name: nameOf(user), url: setPasswordUrl(token), expiresAt }),
      );
    },

    /** Tells the person their password was just set (so a change they did not make is noticed). */
    async passwordChanged(user: UserRow): Promise<void> {
      if (!mailer) return;
      const admin = (await users.list()).find(
        (other) => other.role === 'Admin' && other.isActive && other.id !== user.id,
      );
      await mailer.enqueue(
        passwordChangedMessage({
          to: user.email,
          name: nameOf(user),
          at: new Date().toISOString(),
          signInUrl: new URL('/login', publicOrigin).href,
          adminName: admin ? nameOf(admin) : null,
        }),
      );
    },
  };
}

export type PasswordMail = ReturnType<typeof createPasswordMail>;
