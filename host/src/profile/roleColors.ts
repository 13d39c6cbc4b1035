import type { Role } from '@auditdesk/shared';

/** Role badges: Admin red, Manager green, User blue. */
export const ROLE_COLORS: Record<Role, string> = { Admin: 'red', Manager: 'green', User: 'blue' };
