import { defineOperations } from './operation';

/** /api/auth: signing in and out, with a password or at the identity provider. */
export const authOperations = defineOperations({
  authLogin: { method: 'POST', path: '/auth/login', access: 'public' },
  authRefresh: { method: 'POST', path: '/auth/refresh', access: 'public' },
  authLogout: { method: 'POST', path: '/auth/logout', access: 'public' },
  authOptions: { method: 'GET', path: '/auth/options', access: 'public' },
  authForgotPassword: { method: 'POST', path: '/auth/forgot-password', access: 'public' },
  authSetPassword: { method: 'POST', path: '/auth/set-password', access: 'public' },
  authCurrentUser: { method: 'GET', path: '/auth/user', access: 'signed-in' },
  authProviderLogin: { method: 'GET', path: '/auth/google-login', access: 'public' },
  authProviderCallback: { method: 'GET', path: '/auth/google-callback', access: 'public' },
  authExchange: { method: 'POST', path: '/auth/exchange', access: 'public' },
});
