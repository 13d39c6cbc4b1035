import type { Role } from '@auditdesk/shared';
import type { ConfirmChange } from './ConfirmChangeModal';
import type { DisplayedUser } from './userAccessTypes';

/** Changes that take rights away are confirmed first; others go ahead at once. */
export type PendingChange =
  { kind: 'revoke'; user: DisplayedUser } | { kind: 'demote'; user: DisplayedUser; role: Role };

export const needsConfirmationToRevoke = (user: DisplayedUser) => user.isActive;
export const needsConfirmationToChangeRole = (user: DisplayedUser, role: Role) =>
  user.role === 'Admin' && role !== 'Admin';

export function describeChange(change: PendingChange): ConfirmChange {
  const who = `${change.user.name} (${change.user.email})`;
  if (change.kind === 'revoke') {
    return {
      title: 'Revoke access',
      question: `Revoke the access of ${who}?`,
      consequence: 'They are signed out everywhere and cannot sign in until their access is restored.',
      confirmLabel: 'Revoke access',
    };
  }
  return {
    title: 'Remove admin rights',
    question: `Make ${who} a ${change.role} instead of an Admin?`,
    consequence: 'They lose user management and the resource pages at once.',
    confirmLabel: `Make ${change.role}`,
  };
}
