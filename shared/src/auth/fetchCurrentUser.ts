import { apiRequest } from '../api/apiRequest';
import type { AuthUser } from './authTypes';
import { toAuthUser, type CurrentUserResponse } from './toAuthUser';

/** GET /auth/user as the app's user, or null when it cannot be had. */
export async function fetchCurrentUser(fallbackEmail = ''): Promise<AuthUser | null> {
  const result = await apiRequest<CurrentUserResponse>('/auth/user');
  return result.success && result.data ? toAuthUser(result.data, fallbackEmail) : null;
}
