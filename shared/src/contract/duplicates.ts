import { z } from 'zod';

/** Why leads look like one household: the same phone digits, e-mail, or name and address. */
export const DUPLICATE_REASONS = ['phone', 'email', 'nameAndAddress'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

const leadNumber = z
  .number()
  .int('expected a lead id (a whole number)')
  .min(1, 'expected a lead id (a whole number from 1)')
  .max(Number.MAX_SAFE_INTEGER, 'expected a lead id');
const leadInQuery = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, 'expected a lead id (a whole number without signs or leading zeros)')
  .transform(Number);
const twoLeads = ({ a, b }: { a: number; b: number }) => a !== b;
const TWO_LEADS = { message: 'Name two different leads.', path: ['b'] };

/** POST /leads/duplicates/dismissals: "these two are not a duplicate", for everyone. */
export const duplicateDismissal = z
  .strictObject({ a: leadNumber, b: leadNumber })
  .refine(twoLeads, TWO_LEADS);
export type DuplicateDismissal = z.output<typeof duplicateDismissal>;

/** DELETE /leads/duplicates/dismissals?a=&b=: the pair counts again. */
export const duplicateDismissalQuery = z
  .strictObject({ a: leadInQuery, b: leadInQuery })
  .refine(twoLeads, TWO_LEADS);

/** A lead of a group, as much as a person needs to tell it from the others. */
export const duplicateLead = z.object({
  id: z.number().int(),
  leadId: z.string(),
  customerName: z.string(),
  scheduledDate: z.string().nullable(),
  /** The visit's time is a day (scheduledDate names it), not an instant. */
  allDay: z.boolean(),
  isFormatted: z.boolean(),
});
export type DuplicateLead = z.infer<typeof duplicateLead>;

/**
 * The live leads that share one phone, one e-mail or one name and address (at least two).
 * `cluster`: groups that share a lead, directly or through other groups, have the same
 * number; clusters are numbered from the one with the newest visit.
 */
export const duplicateGroup = z.object({
  reason: z.enum(DUPLICATE_REASONS),
  cluster: z.number().int(),
  leadIds: z.array(z.number().int()).min(2),
});
export type DuplicateGroup = z.infer<typeof duplicateGroup>;

/** GET /leads/duplicates. */
export const possibleDuplicates = z.object({
  groups: z.array(duplicateGroup),
  /** The dismissed pairs (a < b) inside these groups: those two are not duplicates of each other. */
  dismissed: z.array(z.object({ a: z.number().int(), b: z.number().int() })),
  /** Every lead named in the groups. */
  leads: z.array(duplicateLead),
});
export type PossibleDuplicates = z.infer<typeof possibleDuplicates>;
