import { z } from 'zod';
import { toRole } from './roles';
import { emailAddress, isoDateTime } from './common';
import { leadText } from './leadText';
import { ROLES } from './vocabulary';

/** A role as clients send it: the codes of spec section 6 (1 Admin, 0 User) or a name, any case. */
export const roleInput = z
  .union([z.literal(0), z.literal(1), z.string().trim().max(20)])
  .refine(
    (value) => typeof value === 'number' || ROLES.some((role) => role.toLowerCase() === value.toLowerCase()),
    { message: 'Choose a role: Admin, Manager or User.' },
  )
  .transform(toRole);

export const grantBody = z.strictObject({
  email: emailAddress,
  /** The full name for an account this grant creates; read from the e-mail when absent. */
  name: leadText(200).min(1, 'Name is required.').optional(),
  notes: leadText(500).optional(),
  role: roleInput.optional(),
});
export type GrantInput = z.input<typeof grantBody>;

export const revokeBody = z.strictObject({ email: emailAddress });

export const createUserBody = z.strictObject({
  email: emailAddress,
  /** Shown to others (a shared view's owner, a lead's history): the lead fields' text rule. */
  name: leadText(200).min(1, 'Name is required.'),
  role: roleInput.default('User'),
});

export const roleBody = z.strictObject({ role: roleInput });
export const statusBody = z.strictObject({ isActive: z.boolean() });

const role = z.enum(ROLES);
const timestamp = isoDateTime.nullable();

/** An access record as GET /useraccess lists it (spec section 3). */
export const accessRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role,
  hasAccess: z.boolean(),
  revokedAt: timestamp,
  lastLoginAt: timestamp,
  notes: z.string().nullable(),
  /** Invited, and not come yet: no password set, never signed in. */
  invitationPending: z.boolean(),
});
export type AccessRecord = z.infer<typeof accessRecord>;

/** A user as GET /user/list and the user routes answer. */
export const userView = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  fullName: z.string(),
  role,
  isActive: z.boolean(),
  lastLoginAt: timestamp,
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userView>;

export const profile = z.object({ isDevelopment: z.boolean(), accountType: z.string() });
export type Profile = z.infer<typeof profile>;
export const permissions = z.object({ permissions: z.array(z.string()) });

export const passwordLink = z.object({ url: z.string(), expiresAt: isoDateTime, email: z.string() });
export type PasswordLink = z.infer<typeof passwordLink>;

/**
 * How a new person gets their first password: an e-mailed invitation (when the server has
 * SMTP), or a link the admin copies and passes on.
 */
export const invitation = z.discriminatedUnion('delivery', [
  z.object({ delivery: z.literal('email'), email: z.string() }),
  passwordLink.extend({ delivery: z.literal('link') }),
]);
export type Invitation = z.infer<typeof invitation>;

/** A grant's answer: the record, and the invitation when the grant created the account. */
export const grantResponse = accessRecord.extend({ invitation: invitation.optional() });
export type GrantResponse = z.infer<typeof grantResponse>;

/** A created user, with the invitation it was given. */
export const createdUser = userView.extend({ invitation });
export type CreatedUser = z.infer<typeof createdUser>;
