import type { Role } from '../../platform/db/schema';

/** What each role may do; the profile screen lists these names. */
export const ROLE_PERMISSIONS: Record<Role, readonly string[]> = {
  Admin: ['full_system_access', 'user_management', 'data_synchronization', 'lead_management'],
  Manager: ['data_synchronization', 'lead_management'],
  User: ['data_synchronization', 'lead_viewing'],
};

export function accountTypeOf(role: Role): string {
  return role === 'Admin'
    ? 'Administrator Account'
    : role === 'Manager'
      ? 'Manager Account'
      : 'Standard User Account';
}
