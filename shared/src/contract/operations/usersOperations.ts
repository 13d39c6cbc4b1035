import { defineOperations } from './operation';

/** /api/user and /api/useraccess: the signed-in user's own account, and everyone's for Admins. */
export const usersOperations = defineOperations({
  usersCurrent: { method: 'GET', path: '/user', access: 'signed-in' },
  usersProfile: { method: 'GET', path: '/user/profile', access: 'signed-in' },
  usersPermissions: { method: 'GET', path: '/user/permissions', access: 'signed-in' },
  usersList: { method: 'GET', path: '/user/list', access: ['Admin'] },
  usersCreate: { method: 'POST', path: '/user/create', access: ['Admin'] },
  usersInvite: { method: 'POST', path: '/user/:id/invitation', access: ['Admin'] },
  usersSetRole: { method: 'PUT', path: '/user/:id/role', access: ['Admin'] },
  usersSetStatus: { method: 'PUT', path: '/user/:id/status', access: ['Admin'] },
  usersDelete: { method: 'DELETE', path: '/user/:id', access: ['Admin'] },
  usersPasswordLink: { method: 'POST', path: '/user/:id/password-link', access: ['Admin'] },
  usersAccessList: { method: 'GET', path: '/useraccess', access: ['Admin'] },
  usersAccessGrant: { method: 'POST', path: '/useraccess/grant', access: ['Admin'] },
  usersAccessRevoke: { method: 'POST', path: '/useraccess/revoke', access: ['Admin'] },
});
