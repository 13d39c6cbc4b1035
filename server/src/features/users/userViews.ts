import type { AccessRecord, CurrentUser, UserView } from '@auditdesk/shared/core';
import type { UserRow } from '../../platform/db/schema';

/** An access record as GET /useraccess lists it (spec section 3). */
export function toAccessRecord(user: UserRow): AccessRecord {
  return {
    id: user.id,
    userId: user.id,
    email: user.email,
    name: user.fullName,
    role: user.role,
    hasAccess: user.isActive,
    revokedAt: user.revokedAt,
    lastLoginAt: user.lastLoginAt,
    notes: user.notes,
    invitationPending: !user.passwordHash && !user.lastLoginAt,
  };
}

/** A user as GET /user/list and the user routes answer. */
export function toUserView(user: UserRow): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.fullName,
    fullName: user.fullName,
    role: user.role,
    isActive: user.isActive,
    lastLoginAt: user.lastLoginAt,
    createdAt: user.createdAt,
  };
}

/** The current user (spec section 3, "Current user response"). */
export function toCurrentUser(user: UserRow): CurrentUser {
  return { id: user.id, email: user.email, fullName: user.fullName, role: user.role };
}
