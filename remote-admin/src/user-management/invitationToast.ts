import { toastSuccess } from '@auditdesk/shared';

/** Says that the invitation to set a password is on its way by e-mail. */
export function toastInvitationEmailed(title: string, added: string, email: string): void {
  toastSuccess(
    [added, `An invitation to set a password is on its way to ${email}.`].filter(Boolean).join(' '),
    title,
  );
}
