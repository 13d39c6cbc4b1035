import type { Role } from '@auditdesk/shared';

export function defaultAccountType(role: Role): string {
  return role === 'Admin' ? 'Administrator Account' : 'Standard User Account';
}
