import * as oidc from 'openid-client';
import type { Config } from '../../../platform/config/loadConfig';

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/**
 * The identity provider's discovered configuration, fetched on first use and kept; a
 * failed discovery is forgotten so the next sign-in tries again.
 */
export function createOidcConfiguration({ issuer, clientId, clientSecret }: Config['oidc']) {
  let discovered: Promise<oidc.Configuration> | null = null;

  return {
    configured: Boolean(clientId),
    get(): Promise<oidc.Configuration> {
      if (!clientId) return Promise.reject(new Error('Identity-provider sign-in is not configured.'));
      discovered ??= oidc
        .discovery(new URL(issuer), clientId, clientSecret, undefined, {
          // plain http only for a provider on this machine (development and tests)
          execute: LOOPBACK.test(issuer) ? [oidc.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          discovered = null;
          throw error;
        });
      return discovered;
    },
  };
}
