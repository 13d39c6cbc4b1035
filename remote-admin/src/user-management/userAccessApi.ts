import { apiData, apiRequest, authStore, type Role } from '@auditdesk/shared';
import type { GrantResponse, Invitation } from '@auditdesk/shared/core';
import { toDisplayedUser } from './toDisplayedUser';
import { grantErrorMessage, USER_ERRORS, withReason } from './userAccessErrors';
import type { AccessRecord, DisplayedUser, NewUser } from './userAccessTypes';

export async function fetchUsers(): Promise<DisplayedUser[]> {
  const records = await apiData<AccessRecord[]>('/useraccess');
  if (!Array.isArray(records)) throw new Error('UserAccess API returned invalid JSON');
  return records.map(toDisplayedUser);
}

/** Adds the person; answers how they get their first password (none when the account existed). */
export async function addUser({ email, name, role }: NewUser): Promise<Invitation | undefined> {
  if (!authStore.getState().token) throw new Error(USER_ERRORS.noToken);
  const result = await apiRequest<GrantResponse>('/useraccess/grant', {
    method: 'POST',
    body: { email: email.trim(), name: name.trim(), notes: `User created: ${name.trim()}`, role },
  });
  if (!result.success) throw new Error(grantErrorMessage(result));
  return result.data?.invitation;
}

/** A new invitation (older links die): e-mailed, or a link to pass on when the server sends no e-mail. */
export async function resendInvitation(user: DisplayedUser): Promise<Invitation> {
  return apiData<Invitation>(`/user/${user.id}/invitation`, { method: 'POST' }, (result) =>
    withReason(USER_ERRORS.invitation, result),
  );
}

export async function changeRole(user: DisplayedUser, role: Role): Promise<void> {
  await apiData(`/user/${user.id}/role`, { method: 'PUT', body: { role } }, (result) =>
    withReason(USER_ERRORS.role, result),
  );
}

/** Active → revoke; inactive → grant with the note 'Access restored'. */
export async function toggleAccess(user: DisplayedUser): Promise<void> {
  const describe = (result: Parameters<typeof withReason>[1]) => withReason(USER_ERRORS.status, result);
  if (user.isActive)
    await apiData('/useraccess/revoke', { method: 'POST', body: { email: user.email } }, describe);
  else
    await apiData(
      '/useraccess/grant',
      { method: 'POST', body: { email: user.email, notes: 'Access restored', role: user.role } },
      describe,
    );
}

export async function deleteUser(user: DisplayedUser): Promise<void> {
  await apiData(`/user/${user.id}`, { method: 'DELETE' }, (result) => withReason(USER_ERRORS.delete, result));
}

export interface PasswordLink {
  url: string;
  expiresAt: string;
  email: string;
}

export async function createPasswordLink(user: DisplayedUser): Promise<PasswordLink> {
  return apiData<PasswordLink>(
    `/user/${user.id}/password-link`,
    { method: 'POST' },
    () => USER_ERRORS.passwordLink,
  );
}
