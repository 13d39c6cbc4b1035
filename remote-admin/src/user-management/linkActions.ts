/**
 * What the envelope (a new invitation) and the key (a password link) of a user's row say and
 * do. Each new link replaces the person's earlier one, and both say so. With SMTP the envelope
 * e-mails the invitation and the key gives a link to copy; without SMTP both give a link to
 * copy, so each says which link it makes and for how long it works, instead of the same
 * dialog for both.
 */
export function linkActions(sendsMail: boolean | null) {
  return {
    invitation: {
      label: (email: string) =>
        sendsMail === false ? `Invitation link for ${email}` : `Resend invitation to ${email}`,
      tooltip:
        sendsMail === false
          ? 'New invitation link to copy (this server sends no e-mail); it works for 7 days and replaces the earlier one'
          : 'Resend the invitation by e-mail; its new link replaces the earlier one',
    },
    password: {
      label: (email: string) => `Password link for ${email}`,
      tooltip:
        'Password link to copy, for someone who lost theirs; it works for 24 hours and replaces any earlier link',
    },
  };
}

/** What the dialog of a link says about it, beside its expiry. */
export const LINK_REPLACES_EARLIER = 'It replaces any earlier link, which no longer works.';

/** The toast of an invitation e-mailed again. */
export const invitationResent = (email: string) =>
  `A new invitation to set a password is on its way to ${email}. The link of the earlier invitation no longer works.`;
