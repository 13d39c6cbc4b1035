import { z } from 'zod';
import {
  currentUser,
  forgotPasswordBody,
  forgotPasswordResponse,
  identityProviderCallbackQuery,
  identityProviderLoginQuery,
  loginBody,
  logoutBody,
  refreshBody,
  refreshResponse,
  setPasswordBody,
  signInCodeBody,
  signInCodeResponse,
  signInOptions,
  tokenPair,
} from '../auth';
import { noContent } from '../common';
import type { authOperations } from './authOperations';
import { taggedIo, type IoTable } from './operation';

const redirect = { 302: z.null().describe('Redirects the browser') };

export const authIo = taggedIo('Sign-in', {
  authLogin: {
    summary: 'Sign in with e-mail and password',
    description:
      'The access token is an HS256 JWT living ACCESS_TOKEN_TTL_SECONDS (15 min). Rate limited per address, per e-mail from one address, and (failures) per e-mail from all addresses; 429 with Retry-After.',
    body: loginBody,
    response: { 200: tokenPair },
  },
  authRefresh: {
    summary: 'Trade a refresh token for new tokens',
    description:
      'Refresh tokens are single use, valid 30 days from the last use and 90 from the sign-in. Sent again within 20 s (its answer lost to a reload) one gets fresh tokens; presenting a used one later ends the whole sign-in.',
    body: refreshBody,
    response: { 200: refreshResponse },
  },
  authLogout: {
    summary: 'Sign out: end the sign-in the refresh token belongs to',
    body: logoutBody,
    response: { 204: noContent },
  },
  authOptions: {
    summary: 'What the sign-in page offers',
    description:
      'passwordResetByEmail: "Forgot password?" sends a link (the server has SMTP). identityProvider: the name for "Sign in with …", null when no provider is configured (OIDC_CLIENT_ID unset).',
    response: { 200: signInOptions },
  },
  authForgotPassword: {
    summary: 'E-mail a link to choose a new password',
    description:
      'Answers 202 with the same message whether or not the e-mail has an account, before any lookup; the link is made and e-mailed afterwards. Rate limited per client address (429); past the hourly number of mails to one address, requests are answered alike but send nothing.',
    body: forgotPasswordBody,
    response: { 202: forgotPasswordResponse },
  },
  authSetPassword: {
    summary: 'Spend a one-time password link',
    description:
      'The password needs 12 characters or more. Rate limited per client address and per link (429).',
    body: setPasswordBody,
    response: { 204: noContent },
  },
  authCurrentUser: { summary: 'The signed-in user', response: { 200: currentUser } },
  authProviderLogin: {
    summary: 'Start sign-in at the identity provider',
    description:
      'OpenID Connect authorization code with PKCE, state and nonce, at OIDC_ISSUER; returnUrl must be on an allowed origin.',
    query: identityProviderLoginQuery,
    response: redirect,
  },
  authProviderCallback: {
    summary: "The identity provider's return",
    description:
      'People with access (and a verified e-mail) go to returnUrl?code=…, a one-time code valid 60 s; others to /login?error=access_denied.',
    query: identityProviderCallbackQuery,
    response: redirect,
  },
  authExchange: {
    summary: 'Trade the one-time sign-in code for tokens',
    description: 'Only the browser that started the sign-in (its cookie) can spend the code.',
    body: signInCodeBody,
    response: { 200: signInCodeResponse },
  },
} satisfies IoTable<typeof authOperations>);
