import Provider from 'oidc-provider';
import type { Server } from 'node:http';
import { freePort } from './freePort';

export const OIDC_CLIENT = { id: 'auditdesk-test', secret: 'a-client-secret-for-tests-only' };

/**
 * A real OpenID provider on loopback (the `oidc-provider` package with its development
 * login form): any login name is accepted and becomes the account's e-mail.
 */
export async function startOidcProvider(
  redirectUri: string,
): Promise<{ issuer: string; close: () => Promise<void> }> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  // Its start-up notes about development keys and interactions are expected here.
  const warn = console.warn;
  console.warn = () => {};
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: id, email_verified: true, name: 'Kim Lee' }),
      };
    },
  });
  console.warn = warn;
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
