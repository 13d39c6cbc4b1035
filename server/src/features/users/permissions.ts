import { routes, type Access, type Role } from '@auditdesk/shared/core';

/** Whether `access` (an operation's, from the route table) lets `role` in. */
const admits = (access: Access, role: Role) =>
  access === 'public' || access === 'signed-in' || access.includes(role);

/**
 * What a role may do, as the profile screen lists it: each permission read off the rules that
 * decide it (the route table, and SYNC_ROLES for starting a sync), so the list can never
 * promise what the server then refuses.
 */
export function permissionsOf(role: Role, { syncRoles }: { syncRoles: readonly Role[] }): string[] {
  const may = {
    full_system_access: role === 'Admin',
    user_management: admits(routes.usersAccessList.access, role),
    data_synchronization: syncRoles.includes(role),
    lead_management: admits(routes.leadsUpdate.access, role),
    lead_viewing: admits(routes.leadsList.access, role) && !admits(routes.leadsUpdate.access, role),
  };
  return Object.entries(may)
    .filter(([, allowed]) => allowed)
    .map(([permission]) => permission);
}

export function accountTypeOf(role: Role): string {
  return role === 'Admin'
    ? 'Administrator Account'
    : role === 'Manager'
      ? 'Manager Account'
      : 'Standard User Account';
}
