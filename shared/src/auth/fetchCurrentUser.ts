import { apiResult } from '../api/api';
import { routes } from '../contract/operations/routes';
import type { AuthUser } from '../session/authTypes';
import { toAuthUser } from './toAuthUser';

/** GET /auth/user as the app's user, or null when it cannot be had. */
export async function fetchCurrentUser(fallbackEmail = ''): Promise<AuthUser | null> {
  const result = await apiResult(routes.authCurrentUser);
  return result.success && result.data ? toAuthUser(result.data, fallbackEmail) : null;
}
