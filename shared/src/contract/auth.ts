import { z } from 'zod';
import { ROLES } from './vocabulary';

export const loginBody = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});

/** A new sign-in: a 15-minute JWT and the first refresh token (spec section 7 names). */
export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshBody = z.strictObject({ refreshToken: z.string().min(1).max(512) });

/** Both spellings the spec allows, so any client reads it. */
export const refreshResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
});

export const logoutBody = z
  .strictObject({ refreshToken: z.string().max(512).nullable().optional() })
  .optional();

export const setPasswordBody = z.strictObject({
  token: z.string().min(1).max(512),
  password: z.string().min(12, 'The password needs at least 12 characters.').max(1024),
});

/** "Forgot password?": the e-mail of the account. */
export const forgotPasswordBody = z.strictObject({
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(320, 'This e-mail address is too long.'),
});

/** The same answer whether or not the e-mail has an account. */
export const forgotPasswordResponse = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;

/**
 * What the sign-in page offers: a reset by e-mail only when the server can send e-mail, the
 * identity-provider button (with the provider's name) only when one is configured.
 */
export const signInOptions = z.object({
  passwordResetByEmail: z.boolean(),
  identityProvider: z.string().nullable(),
});
export type SignInOptions = z.infer<typeof signInOptions>;

/** The current user (spec section 3, "Current user response"). */
export const currentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const identityProviderLoginQuery = z.strictObject({ returnUrl: z.string().max(2048).optional() });

/** What the identity provider sends back; anything else it adds is ignored. */
export const identityProviderCallbackQuery = z.looseObject({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(512).optional(),
});

/** The one-time code the sign-in page trades, from the browser that started the sign-in. */
export const signInCodeBody = z.strictObject({ code: z.string().min(1).max(128) });
export const signInCodeResponse = tokenPair.extend({ user: z.string(), name: z.string() });
export type SignInCodeResponse = z.infer<typeof signInCodeResponse>;
