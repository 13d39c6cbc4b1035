import { expect } from '@playwright/test';
import { E2E_ADMIN } from './appServer';

/** An access token of the e2e admin, for setting things up through the API. */
export async function adminToken(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Creates an account through the API, as an admin would, and sets its password with a one-time link. */
export async function createUserWithPassword(
  baseURL: string,
  user: { email: string; name: string; role: 'User' | 'Manager' | 'Admin'; password: string },
): Promise<void> {
  const auth = { authorization: `Bearer ${await adminToken(baseURL)}`, 'content-type': 'application/json' };
  const createdResponse = await fetch(`${baseURL}/api/user/create`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ email: user.email, name: user.name, role: user.role }),
  });
  const created = (await createdResponse.json()) as { id: number };
  expect(createdResponse.status, JSON.stringify(created)).toBe(201);
  const link = (await (
    await fetch(`${baseURL}/api/user/${created.id}/password-link`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    })
  ).json()) as { url: string };
  const set = await fetch(`${baseURL}/api/auth/set-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link.url).searchParams.get('token'), password: user.password }),
  });
  expect(set.status).toBe(204);
}
