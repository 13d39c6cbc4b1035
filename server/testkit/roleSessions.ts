import type { Role } from '../src/platform/db/schema';
import { ADMIN, type TestApp } from './testApp';

export type Caller = 'anonymous' | Role;
export const CALLERS: Caller[] = ['anonymous', 'User', 'Manager', 'Admin'];

/** The account a caller signs in with (anonymous: none, so the bootstrap admin's, for setting up). */
export const callerEmail = (caller: Caller) =>
  caller === 'Admin' || caller === 'anonymous' ? ADMIN.email : `${caller.toLowerCase()}@example.com`;

/** An access token per role (the bootstrap admin for Admin), for calling routes as each. */
export async function signInEveryRole(t: TestApp): Promise<Record<Caller, string | null>> {
  const tokens: Record<Caller, string | null> = { anonymous: null, User: null, Manager: null, Admin: null };
  for (const role of ['User', 'Manager'] as const) {
    const email = callerEmail(role);
    await t.users.create({
      email,
      fullName: `${role} Person`,
      role,
      passwordHash: await t.passwords.hash(`${role}-password-1`),
    });
    tokens[role] = (await t.login(email, `${role}-password-1`)).access_token;
  }
  tokens.Admin = (await t.login(ADMIN.email, ADMIN.password)).access_token;
  return tokens;
}
