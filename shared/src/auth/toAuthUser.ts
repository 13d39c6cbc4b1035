import type { AuthUser } from '../session/authTypes';
import { toRole } from '../contract/roles';

export interface CurrentUserResponse {
  id?: string | number;
  email?: string;
  fullName?: string | null;
  name?: string | null;
  role?: unknown;
}

/** The current-user answer as the app keeps it, with the spec's fallbacks. */
export function toAuthUser(response: CurrentUserResponse, fallbackEmail = ''): AuthUser {
  const email = response.email ?? fallbackEmail;
  const name = response.fullName || response.name || email.split('@')[0] || email;
  return { id: String(response.id ?? email), email, name, role: toRole(response.role) };
}
