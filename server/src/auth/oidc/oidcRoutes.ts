import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AppContext } from '../../appContext';
import { issueTokens } from '../issueTokens';
import { createOidcConfiguration } from './oidcConfiguration';
import { createPendingSignIns } from './pendingSignIns';
import { resolveReturnUrl } from './returnUrl';

export const ACCESS_DENIED = 'access_denied';

/**
 * Identity-provider sign-in: OpenID Connect authorization code with PKCE, state and nonce.
 * Only e-mails with an access record that has access get tokens; the others go back to
 * the sign-in page with the 'Access Denied' banner.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, users } = ctx;
  const provider = createOidcConfiguration(config.oidc);
  const pending = createPendingSignIns();

  const ownOrigin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const allowedOrigins = (request: FastifyRequest) =>
    [ownOrigin(request), ...config.allowedOrigins].map((origin) => new URL(origin).origin);

  const sendToErrorPage = (reply: FastifyReply, origin: string, message: string) => {
    const target = new URL('/auth/error', origin);
    target.searchParams.set('message', message);
    return reply.redirect(target.href);
  };

  app.get(
    '/google-login',
    { schema: { querystring: z.object({ returnUrl: z.string().max(2048).optional() }) } },
    async (request, reply) => {
      const returnUrl = resolveReturnUrl(
        request.query.returnUrl,
        ownOrigin(request),
        allowedOrigins(request),
      );
      let configuration: oidc.Configuration;
      try {
        configuration = await provider.get();
      } catch (error) {
        request.log.warn({ err: error }, 'identity provider unavailable');
        const message = provider.configured
          ? 'The identity provider cannot be reached. Try again in a moment.'
          : 'Sign-in with the identity provider is not set up on this server.';
        return sendToErrorPage(reply, returnUrl.origin, message);
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const redirectUri = `${ownOrigin(request)}/api/auth/google-callback`;
      pending.put(state, { codeVerifier, nonce, redirectUri, returnUrl: returnUrl.href });
      const target = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply.redirect(target.href);
    },
  );

  app.get('/google-callback', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const signIn = query.state ? pending.take(query.state) : null;
    if (!signIn)
      return sendToErrorPage(reply, ownOrigin(request), 'This sign-in has expired. Please start again.');
    const returnUrl = new URL(signIn.returnUrl);

    let email: string | undefined;
    let name: string | undefined;
    try {
      const currentUrl = new URL(signIn.redirectUri);
      currentUrl.search = new URL(request.url, 'http://callback').search;
      const configuration = await provider.get();
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: signIn.codeVerifier,
        expectedState: query.state,
        expectedNonce: signIn.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = tokens.claims() ?? {};
      // Google puts e-mail and name in the ID token; other providers only in UserInfo.
      if (typeof claims.email !== 'string') {
        claims = {
          ...claims,
          ...(await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))),
        };
      }
      if (claims.email_verified !== false && typeof claims.email === 'string')
        email = claims.email.toLowerCase();
      if (typeof claims.name === 'string') name = claims.name;
    } catch (error) {
      request.log.warn({ err: error }, 'identity-provider sign-in failed');
      return sendToErrorPage(reply, returnUrl.origin, 'Sign-in with the identity provider did not complete.');
    }

    const user = email ? users.findByEmail(email) : undefined;
    if (!user?.isActive) {
      request.log.info({ email }, 'identity-provider sign-in without access');
      const login = new URL('/login', returnUrl.origin);
      login.searchParams.set('error', ACCESS_DENIED);
      return reply.redirect(login.href);
    }
    if (name && !user.passwordHash && user.fullName !== name) users.update(user.id, { fullName: name });

    const tokens = await issueTokens(ctx, user);
    returnUrl.searchParams.set('token', tokens.access_token);
    returnUrl.searchParams.set('refreshToken', tokens.refresh_token);
    returnUrl.searchParams.set('user', user.email);
    returnUrl.searchParams.set('name', name ?? user.fullName);
    return reply.redirect(returnUrl.href);
  });
};
