import type { DisplayedUser } from './userAccessTypes';

export function countUsers(users: DisplayedUser[]) {
  return {
    total: users.length,
    active: users.filter((user) => user.isActive).length,
    admins: users.filter((user) => user.role === 'Admin').length,
    revoked: users.filter((user) => !user.isActive).length,
  };
}
