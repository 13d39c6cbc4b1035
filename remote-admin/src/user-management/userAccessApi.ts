import { apiRequest, authStore, type ApiResult, type Role } from '@auditdesk/shared';
import { toDisplayedUser } from './toDisplayedUser';
import { grantErrorMessage, USER_ERRORS, withReason } from './userAccessErrors';
import type { AccessRecord, DisplayedUser, NewUser } from './userAccessTypes';

/** Throws with the message the screen shows; react-query's mutations surface it. */
function orThrow<T>(result: ApiResult<T>, message: string): T {
  if (!result.success) throw new Error(message);
  return result.data as T;
}

export async function fetchUsers(): Promise<DisplayedUser[]> {
  const records = orThrow(await apiRequest<AccessRecord[]>('/useraccess'), USER_ERRORS.load);
  if (!Array.isArray(records)) throw new Error('UserAccess API returned invalid JSON');
  return records.map(toDisplayedUser);
}

export async function addUser({ email, name, role }: NewUser): Promise<void> {
  if (!authStore.getState().token) throw new Error(USER_ERRORS.noToken);
  const result = await apiRequest('/useraccess/grant', {
    method: 'POST',
    body: { email: email.trim(), name: name.trim(), notes: `User created: ${name.trim()}`, role },
  });
  if (!result.success) throw new Error(grantErrorMessage(result));
}

export async function changeRole(user: DisplayedUser, role: Role): Promise<void> {
  const result = await apiRequest(`/user/${user.id}/role`, { method: 'PUT', body: { role } });
  orThrow(result, withReason(USER_ERRORS.role, result));
}

/** Active → revoke; inactive → grant with the note 'Access restored'. */
export async function toggleAccess(user: DisplayedUser): Promise<void> {
  const result = user.isActive
    ? await apiRequest('/useraccess/revoke', { method: 'POST', body: { email: user.email } })
    : await apiRequest('/useraccess/grant', {
        method: 'POST',
        body: { email: user.email, notes: 'Access restored', role: user.role },
      });
  orThrow(result, withReason(USER_ERRORS.status, result));
}

export async function deleteUser(user: DisplayedUser): Promise<void> {
  const result = await apiRequest(`/user/${user.id}`, { method: 'DELETE' });
  orThrow(result, withReason(USER_ERRORS.delete, result));
}

export interface PasswordLink {
  url: string;
  expiresAt: string;
  email: string;
}

export async function createPasswordLink(user: DisplayedUser): Promise<PasswordLink> {
  return orThrow(
    await apiRequest<PasswordLink>(`/user/${user.id}/password-link`, { method: 'POST' }),
    USER_ERRORS.passwordLink,
  );
}
