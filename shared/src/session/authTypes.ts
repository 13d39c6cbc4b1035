import type { Role } from '../contract/vocabulary';

/** The signed-in user as the browser keeps it. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface AuthTokens {
  token: string;
  refreshToken: string | null;
}

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';
