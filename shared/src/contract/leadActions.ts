import { z } from 'zod';
import { leadReplace } from './leads';
import { BULK_FIELDS, BULK_LEADS_MAX, type BulkField } from './bulkFields';
import { LEAD_ACTION_KINDS } from './vocabulary';

export * from './bulkFields';

/** A lead as the client read it: the change applies only if it is still at that version. */
const leadAtVersion = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().nonnegative(),
});
export type LeadAtVersion = z.infer<typeof leadAtVersion>;

const bulkChange = leadReplace
  .pick(Object.fromEntries(BULK_FIELDS.map((field) => [field, true])) as Record<BulkField, true>)
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Name at least one field to change.',
  });

/**
 * POST /leads/bulk: a change of the named fields, or a delete, of 1 to 10,000 leads, all or
 * nothing: if any lead is gone or at another version, nothing is written (412 naming them).
 */
export const leadsBulkRequest = z
  .strictObject({
    leads: z
      .array(leadAtVersion)
      .min(1, 'Choose at least one lead.')
      .max(BULK_LEADS_MAX, `Choose at most ${BULK_LEADS_MAX.toLocaleString('en-US')} leads.`)
      .refine((leads) => new Set(leads.map((lead) => lead.id)).size === leads.length, {
        message: 'Name each lead once.',
      }),
    change: bulkChange.optional(),
    delete: z.literal(true).optional(),
  })
  .refine((request) => (request.change === undefined) !== (request.delete === undefined), {
    message: 'Send either a change or delete: true.',
  });
export type LeadsBulkRequest = z.output<typeof leadsBulkRequest>;

/** A named change of many leads, as the history and the answers show it. */
export const leadActionSummary = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_ACTION_KINDS),
  label: z.string(),
  leadCount: z.number().int(),
  at: z.string(),
  undoneAt: z.string().nullable(),
});
export type LeadActionSummary = z.infer<typeof leadActionSummary>;

/** The answer of a bulk action or an undo: the action, and each lead's version after it. */
export const leadActionResult = z.object({
  action: leadActionSummary,
  leads: z.array(z.object({ id: z.number().int(), version: z.number().int() })),
});
export type LeadActionResult = z.infer<typeof leadActionResult>;

/**
 * What a refused bulk action or undo names (the `leads` of its problem): each lead that is
 * gone (`version` null) or not as it was (its version now).
 */
export const changedLead = z.object({ id: z.number().int(), version: z.number().int().nullable() });
export type ChangedLead = z.infer<typeof changedLead>;
