import { z } from 'zod';
import { currentUser } from '../auth';
import { idParams, noContent } from '../common';
import {
  accessRecord,
  createdUser,
  createUserBody,
  grantBody,
  grantResponse,
  invitation,
  passwordLink,
  permissions,
  profile,
  revokeBody,
  roleBody,
  statusBody,
  userView,
} from '../users';
import { taggedIo, type IoTable } from './operation';
import type { usersOperations } from './usersOperations';

export const usersIo = taggedIo('Users', {
  usersCurrent: { summary: 'The signed-in user', response: { 200: currentUser } },
  usersProfile: { summary: "The signed-in user's profile", response: { 200: profile } },
  usersPermissions: { summary: 'What the signed-in user may do', response: { 200: permissions } },
  usersList: { summary: 'Every user (Admin)', response: { 200: z.array(userView) } },
  usersCreate: {
    summary: 'Create a user and invite them (Admin)',
    description:
      'The invitation is e-mailed when the server has SMTP; otherwise the answer holds the set-password link to pass on. 409 when the e-mail has an account.',
    body: createUserBody,
    response: { 201: createdUser },
  },
  usersInvite: {
    summary: 'Send the invitation again, with a new link (Admin); older links die',
    params: idParams,
    response: { 201: invitation },
  },
  usersSetRole: {
    summary: "Change a user's role (Admin)",
    description: 'role: Admin, Manager or User (or 1 for Admin, 0 for User).',
    params: idParams,
    body: roleBody,
    response: { 200: userView },
  },
  usersSetStatus: {
    summary: 'Activate or deactivate a user (Admin); deactivating ends their sign-ins',
    params: idParams,
    body: statusBody,
    response: { 200: userView },
  },
  usersDelete: {
    summary: 'Delete a user (Admin)',
    description: 'Ends their sign-ins.',
    params: idParams,
    response: { 204: noContent },
  },
  usersPasswordLink: {
    summary: 'A one-time link to set a password, valid 24 hours (Admin); older links die',
    params: idParams,
    response: { 201: passwordLink },
  },
  usersAccessList: { summary: 'Access records (Admin)', response: { 200: z.array(accessRecord) } },
  usersAccessGrant: {
    summary: 'Give an e-mail access, creating its account when new (Admin)',
    description:
      'A new account is invited: by e-mail when the server has SMTP, otherwise the answer holds the set-password link to pass on. Restoring access keeps the role a person had (a Manager stays a Manager).',
    body: grantBody,
    response: { 200: grantResponse },
  },
  usersAccessRevoke: {
    summary: "Revoke an e-mail's access and end its sign-ins (Admin)",
    body: revokeBody,
    response: { 200: accessRecord },
  },
} satisfies IoTable<typeof usersOperations>);
