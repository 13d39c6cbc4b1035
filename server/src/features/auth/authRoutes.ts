import { HUB_CLOSE_REASONS } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import { HttpProblem, unauthorized } from '../../platform/errors/httpProblem';
import { createAttemptLimit, type SignInLimiter } from '../../platform/limits/signInLimiter';
import type { CounterStore } from '../../platform/limits/counterStore';
import { toCurrentUser } from '../users/userViews';
import type { Authenticate } from '../../platform/http/authenticate';
import type { UsersRepository } from '../users/usersRepository';
import type { AccessTokens } from './accessTokens';
import type { IssueTokens } from './issueTokens';
import type { PasswordLinks } from './passwordLinks';
import type { PasswordMail } from './passwordMail';
import type { Passwords } from './passwords';
import type { SignIns } from './sessions/signIns';
import { identityProviderName } from './oidc/identityProviderName';
import { operationRoutes } from '../../platform/http/operationRoutes';

const INVALID_LOGIN = 'Invalid e-mail or password.';
const RESET_ANSWER =
  'If this e-mail address belongs to an account, a link to choose a new password is on its way. It works once, for 24 hours.';
const HOUR_MS = 60 * 60 * 1000;

/** /api/auth: signing in with a password, the tokens' refresh and sign-out, password links. */
export const authRoutes: FastifyPluginAsync<{
  users: UsersRepository;
  passwords: Passwords;
  accessTokens: AccessTokens;
  signIns: SignIns;
  passwordLinks: PasswordLinks;
  passwordMail: PasswordMail;
  issueTokens: IssueTokens;
  config: Pick<Config, 'passwordResetLimits' | 'rateLimits' | 'oidc'>;
  authenticate: Authenticate;
  signInLimiter: SignInLimiter;
  counters: CounterStore;
}> = async (app, options) => {
  const { users, passwords, accessTokens, signIns, passwordLinks, passwordMail, issueTokens } = options;
  const { config, authenticate, signInLimiter, counters } = options;
  const route = operationRoutes(app, authenticate);
  const resetsPerIp = createAttemptLimit(
    counters,
    'forgot-password:ip',
    config.passwordResetLimits.perIp,
    HOUR_MS,
  );
  const resetMailsPerEmail = createAttemptLimit(
    counters,
    'forgot-password:email',
    config.passwordResetLimits.perEmail,
    HOUR_MS,
  );
  const setPasswordPerIp = createAttemptLimit(counters, 'set-password:ip', config.rateLimits.perIp);
  const setPasswordPerToken = createAttemptLimit(
    counters,
    'set-password:token',
    config.rateLimits.perEmailAndIp,
  );

  route('authLogin', async (request) => {
    const email = request.body.email.toLowerCase();
    await signInLimiter.admit(request.ip, email);
    const user = await users.findByEmail(email);
    // Unknown e-mail, no password and wrong password take the same time and answer alike.
    const check = user?.passwordHash
      ? await passwords.verify(request.body.password, user.passwordHash)
      : { valid: await passwords.verifyAgainstDecoy(request.body.password), needsRehash: false };
    if (!user || !check.valid || !user.isActive) {
      await signInLimiter.failed(email);
      throw unauthorized(INVALID_LOGIN);
    }
    await signInLimiter.succeeded(email, request.ip);
    if (check.needsRehash)
      await users.update(user.id, { passwordHash: await passwords.hash(request.body.password) });
    return issueTokens(user);
  });

  route('authRefresh', async (request) => {
    const rotation = await signIns.rotate(request.body.refreshToken);
    // one who lost access is told so (their sign-in page shows it), not just that the session ended
    if (!rotation.ok)
      throw unauthorized(
        rotation.reason === 'access-ended'
          ? HUB_CLOSE_REASONS.accessEnded
          : 'The session has ended. Please sign in again.',
      );
    const accessToken = await accessTokens.sign({
      userId: rotation.user.id,
      sessionId: rotation.sessionId,
      role: rotation.user.role,
    });
    return {
      accessToken,
      refreshToken: rotation.refreshToken,
      access_token: accessToken,
      refresh_token: rotation.refreshToken,
    };
  });

  route('authLogout', async (request, reply) => {
    const token = request.body?.refreshToken;
    if (token) await signIns.end(token);
    return reply.status(204).send(null);
  });

  route('authOptions', async () => ({
    passwordResetByEmail: passwordMail.sendsMail,
    identityProvider: identityProviderName(config.oidc),
  }));

  route('authForgotPassword', async (request, reply) => {
    await resetsPerIp(request.ip);
    if (!passwordMail.sendsMail)
      throw new HttpProblem(
        409,
        'This server does not send e-mail. Ask an administrator for a link to set your password.',
      );
    const email = request.body.email.toLowerCase();
    // the answer leaves before the account is even looked up: its timing tells nothing
    setImmediate(() => {
      void resetMailsPerEmail(email)
        .then(() => passwordMail.requestReset(email))
        .catch((error: unknown) => {
          if (!(error instanceof HttpProblem && error.statusCode === 429))
            request.log.error({ err: error }, 'password reset not sent');
        });
    });
    return reply.status(202).send({ message: RESET_ANSWER });
  });

  route('authSetPassword', async (request, reply) => {
    await setPasswordPerIp(request.ip);
    await setPasswordPerToken(request.body.token);
    const userId = await passwordLinks.spend(request.body.token);
    const user = userId === null ? undefined : await users.findById(userId);
    if (!user)
      throw new HttpProblem(400, 'This link is invalid, used or expired. Ask an admin for a new one.');
    await users.update(user.id, { passwordHash: await passwords.hash(request.body.password) });
    await signIns.endAllOfUser(user.id); // a new password ends the old sign-ins
    await passwordMail
      .passwordChanged(user)
      .catch((error: unknown) => request.log.error({ err: error }, 'password-changed notice not sent'));
    return reply.status(204).send(null);
  });

  route('authCurrentUser', async (request) => toCurrentUser(request.currentUser!));
};
