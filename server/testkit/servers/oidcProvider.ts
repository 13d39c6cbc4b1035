import Provider from 'oidc-provider';
import type { Server } from 'node:http';
import { freePort } from '../freePort';

export const OIDC_CLIENT = { id: 'auditdesk-test', secret: 'a-client-secret-for-tests-only' };

/**
 * How the provider vouches for an e-mail, chosen by a prefix of the login name:
 * `unverified-false:kim@x` sends email_verified false, `unverified-text:` the text "false",
 * `unverified-absent:` no claim; a plain e-mail is verified.
 */
function claimsOf(id: string) {
  const [, variant, email] = /^(?:(unverified-\w+):)?(.*)$/.exec(id)!;
  const verified =
    variant === 'unverified-false'
      ? { email_verified: false }
      : variant === 'unverified-text'
        ? { email_verified: 'false' }
        : variant === 'unverified-absent'
          ? {}
          : { email_verified: true };
  return { sub: id, email, ...verified, name: 'Kim Lee' };
}

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
        claims: async () => claimsOf(id),
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
