import { nameFromEmail, toRole, type AccessRecord } from '@auditdesk/shared';
import type { DisplayedUser } from './userAccessTypes';

export function toDisplayedUser(record: AccessRecord, index: number): DisplayedUser {
  return {
    id: String(record.userId ?? record.id ?? `user-${index}`),
    email: record.email,
    name: record.name || nameFromEmail(record.email),
    role: toRole(record.role),
    isActive: record.hasAccess && !record.revokedAt,
    lastLogin: record.lastLoginAt,
    invitationPending: Boolean(record.invitationPending),
  };
}
