import { routes } from '@auditdesk/shared/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../../platform/config/loadConfig';
import type { UsersRepository } from '../../users/usersRepository';
import { HttpProblem } from '../../../platform/errors/httpProblem';
import { publicOperation } from '../../../platform/http/routeOperation';
import type { CounterStore } from '../../../platform/limits/counterStore';
import { createAttemptLimit } from '../../../platform/limits/signInLimiter';
import type { IssueTokens } from '../issueTokens';
import { bindBrowser, isSameBrowser, releaseBrowser } from './browserBinding';
import { createOidcConfiguration } from './oidcConfiguration';
import type { PendingSignIns } from './pendingSignIns';
import { resolveReturnUrl } from './returnUrl';
import type { SignInCodes } from './signInCodes';
import { verifiedEmail } from './verifiedEmail';

export const ACCESS_DENIED = 'access_denied';

/**
 * Identity-provider sign-in: OpenID Connect authorization code with PKCE, state and nonce,
 * bound to the browser that started it. Only verified e-mails with an access record that
 * has access get in; the provider's return carries a one-time code, which the sign-in
 * page trades for tokens from that same browser.
 */
export const oidcRoutes: FastifyPluginAsync<{
  config: Pick<Config, 'oidc' | 'rateLimits' | 'publicOrigin' | 'allowedOrigins'>;
  users: UsersRepository;
  issueTokens: IssueTokens;
  counters: CounterStore;
  /** In Redis when there is one, so the provider's return and the code exchange may reach any instance. */
  stores: { pendingSignIns: PendingSignIns; signInCodes: SignInCodes };
}> = async (app, { config, users, issueTokens, counters, stores }) => {
  const provider = createOidcConfiguration(config.oidc);
  const { pendingSignIns: pending, signInCodes: codes } = stores;
  const startsPerIp = createAttemptLimit(counters, 'idp-start:ip', config.rateLimits.perIp);
  const exchangesPerIp = createAttemptLimit(counters, 'idp-exchange:ip', config.rateLimits.perIp);
  const ownOrigin = config.publicOrigin;
  const allowedOrigins = [ownOrigin, ...config.allowedOrigins];
  const secureCookie = ownOrigin.startsWith('https:');
  const redirectUri = `${ownOrigin}/api${routes.authProviderCallback.path}`;

  const sendToErrorPage = (reply: FastifyReply, origin: string, message: string) => {
    const target = new URL('/auth/error', origin);
    target.searchParams.set('message', message);
    return reply.redirect(target.href);
  };

  publicOperation(app, 'authProviderLogin', async (request, reply) => {
    await startsPerIp(request.ip);
    const returnUrl = resolveReturnUrl(request.query.returnUrl, ownOrigin, allowedOrigins);
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
    const browserHash = bindBrowser(reply, secureCookie);
    const kept = await pending.put(
      state,
      { codeVerifier, nonce, redirectUri, returnUrl: returnUrl.href, browserHash },
      request.ip,
    );
    if (!kept)
      return sendToErrorPage(
        reply,
        returnUrl.origin,
        'Too many sign-ins are in progress. Try again in a minute.',
      );
    const target = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return reply.redirect(target.href);
  });

  publicOperation(app, 'authProviderCallback', async (request, reply) => {
    const { state } = request.query;
    const signIn = state ? await pending.take(state) : null;
    if (!signIn) return sendToErrorPage(reply, ownOrigin, 'This sign-in has expired. Please start again.');
    const returnUrl = new URL(signIn.returnUrl);
    if (!isSameBrowser(request, signIn.browserHash))
      return sendToErrorPage(
        reply,
        returnUrl.origin,
        'This sign-in was started in another browser. Please start again.',
      );

    let email: string | null;
    let name: string | undefined;
    try {
      const currentUrl = new URL(signIn.redirectUri);
      currentUrl.search = new URL(request.url, 'http://callback').search;
      const configuration = await provider.get();
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: signIn.codeVerifier,
        expectedState: state,
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
      email = verifiedEmail(claims, config.oidc.allowUnverifiedEmail);
      if (typeof claims.name === 'string') name = claims.name;
    } catch (error) {
      request.log.warn({ err: error }, 'identity-provider sign-in failed');
      return sendToErrorPage(reply, returnUrl.origin, 'Sign-in with the identity provider did not complete.');
    }

    const user = email ? await users.findByEmail(email) : undefined;
    const code = user?.isActive
      ? await codes.issue({ userId: user.id, name: name ?? user.fullName, browserHash: signIn.browserHash })
      : null;
    if (!user?.isActive || !code) {
      request.log.info({ email }, 'identity-provider sign-in without access');
      const login = new URL('/login', returnUrl.origin);
      login.searchParams.set('error', ACCESS_DENIED);
      return reply.redirect(login.href);
    }
    if (name && !user.passwordHash && user.fullName !== name) await users.update(user.id, { fullName: name });
    returnUrl.searchParams.set('code', code);
    return reply.redirect(returnUrl.href);
  });

  publicOperation(app, 'authExchange', async (request, reply) => {
    await exchangesPerIp(request.ip);
    const signIn = await codes.take(request.body.code, ({ browserHash }) =>
      isSameBrowser(request, browserHash),
    );
    const user = signIn ? await users.findById(signIn.userId) : null;
    if (!signIn || !user?.isActive)
      throw new HttpProblem(400, 'This sign-in code is invalid, used or expired. Please sign in again.');
    releaseBrowser(reply);
    return { ...(await issueTokens(user)), user: user.email, name: signIn.name };
  });
};
