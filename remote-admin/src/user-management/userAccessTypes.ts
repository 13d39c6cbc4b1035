import type { Role } from '@auditdesk/shared';

/** A row of the 'System Users' table (spec section 3, "Displayed user"). */
export interface DisplayedUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  isActive: boolean;
  lastLogin: string | null;
  /** Invited, not come yet (no password, never signed in). */
  invitationPending: boolean;
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
}
