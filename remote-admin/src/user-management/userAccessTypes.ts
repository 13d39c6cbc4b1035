import type { Role } from '@auditdesk/shared';

/** An access record as GET /useraccess answers it. */
export interface AccessRecord {
  id: number | string;
  userId?: number | string | null;
  email: string;
  name?: string | null;
  role: string | number;
  hasAccess: boolean;
  revokedAt: string | null;
  lastLoginAt: string | null;
  notes?: string | null;
}

/** A row of the 'System Users' table (spec section 3, "Displayed user"). */
export interface DisplayedUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  isActive: boolean;
  lastLogin: string | null;
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
}
