import {
  api,
  apiDescribed,
  apiResult,
  authStore,
  routes,
  type PasswordLink,
  type Role,
} from '@auditdesk/shared';
import { toDisplayedUser } from './toDisplayedUser';
import { grantErrorMessage, USER_ERRORS, withReason } from './userAccessErrors';
import type { DisplayedUser, NewUser } from './userAccessTypes';

export async function fetchUsers(): Promise<DisplayedUser[]> {
  const records = await api(routes.usersAccessList);
  if (!Array.isArray(records)) throw new Error('UserAccess API returned invalid JSON');
  return records.map(toDisplayedUser);
}

/** Adds the person; answers how they get their first password (none when the account existed). */
export async function addUser({ email, name, role }: NewUser) {
  if (!authStore.getState().token) throw new Error(USER_ERRORS.noToken);
  const result = await apiResult(routes.usersAccessGrant, {
    body: { email: email.trim(), name: name.trim(), notes: `User created: ${name.trim()}`, role },
  });
  if (!result.success) throw new Error(grantErrorMessage(result));
  return result.data?.invitation;
}

/** A new invitation (older links die): e-mailed, or a link to pass on when the server sends no e-mail. */
export const resendInvitation = (user: DisplayedUser) =>
  apiDescribed(routes.usersInvite, (result) => withReason(USER_ERRORS.invitation, result), {
    params: { id: user.id },
  });

export async function changeRole(user: DisplayedUser, role: Role): Promise<void> {
  await apiDescribed(routes.usersSetRole, (result) => withReason(USER_ERRORS.role, result), {
    params: { id: user.id },
    body: { role },
  });
}

/** Active → revoke; inactive → grant with the note 'Access restored'. */
export async function toggleAccess(user: DisplayedUser): Promise<void> {
  const describe = (result: Parameters<typeof withReason>[1]) => withReason(USER_ERRORS.status, result);
  if (user.isActive) await apiDescribed(routes.usersAccessRevoke, describe, { body: { email: user.email } });
  else
    await apiDescribed(routes.usersAccessGrant, describe, {
      body: { email: user.email, notes: 'Access restored', role: user.role },
    });
}

export async function deleteUser(user: DisplayedUser): Promise<void> {
  await apiDescribed(routes.usersDelete, (result) => withReason(USER_ERRORS.delete, result), {
    params: { id: user.id },
  });
}

export const createPasswordLink = (user: DisplayedUser): Promise<PasswordLink> =>
  apiDescribed(routes.usersPasswordLink, () => USER_ERRORS.passwordLink, { params: { id: user.id } });
