import { z } from 'zod';

export const loginBody = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});

export const refreshBody = z.strictObject({
  refreshToken: z.string().min(1).max(512),
});

export const logoutBody = z
  .strictObject({ refreshToken: z.string().max(512).nullable().optional() })
  .optional();

/** The current user as the client reads it (spec section 3, "Current user response"). */
export const currentUserResponse = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(['Admin', 'Manager', 'User']),
});

export const setPasswordBody = z.strictObject({
  token: z.string().min(1).max(512),
  password: z.string().min(12, 'The password needs at least 12 characters.').max(1024),
});
