import { z } from 'zod';
import { ROLES, toRole } from '@auditdesk/shared/core';

/** A role as clients send it: the codes of spec section 6 (1 Admin, 0 User) or a name, any case. */
export const roleInput = z
  .union([z.literal(0), z.literal(1), z.string().trim()])
  .refine(
    (value) => typeof value === 'number' || ROLES.some((role) => role.toLowerCase() === value.toLowerCase()),
    {
      message: 'expected Admin, Manager, User, 1 or 0',
    },
  )
  .transform(toRole);

const email = z.string().trim().toLowerCase().pipe(z.email('expected an e-mail address').max(320));

export const grantBody = z.strictObject({
  email,
  /** The full name for an account this grant creates; read from the e-mail when absent. */
  name: z.string().trim().min(1).max(200).optional(),
  notes: z.string().trim().max(500).optional(),
  role: roleInput.optional(),
});

export const revokeBody = z.strictObject({ email });

export const createUserBody = z.strictObject({
  email,
  name: z.string().trim().min(1, 'Name is required').max(200),
  role: roleInput.default('User'),
});

export const idParams = z.strictObject({ id: z.coerce.number().int().positive() });
export const roleBody = z.strictObject({ role: roleInput });
export const statusBody = z.strictObject({ isActive: z.boolean() });
