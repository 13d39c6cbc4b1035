import { ROLES, type Role } from './vocabulary';

/** Reads a role from a server or client value: a name in any case, or the codes (1 = Admin). */
export function toRole(value: unknown): Role {
  if (value === 1 || value === '1') return 'Admin';
  if (typeof value === 'string') {
    const match = ROLES.find((role) => role.toLowerCase() === value.trim().toLowerCase());
    if (match) return match;
  }
  return 'User';
}
