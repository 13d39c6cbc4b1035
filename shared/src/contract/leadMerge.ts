import { z } from 'zod';
import { leadActionSummary } from './leadActions';
import { leadReplace, leadResource } from './leads';
import { MERGEABLE_LEAD_FIELDS, type MergeableLeadField } from './leadFields';
import { GONE_EVENT_CHOICES } from './vocabulary';

const leadAtVersion = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().nonnegative(),
});

/**
 * POST /leads/merge: two leads of one household made one (DESIGN.md section 24). Each lead is
 * named with the version it was read at; `values` holds the merged lead's value of each
 * mergeable field the person chose (a field not named takes the preselection, mergeChoice.ts).
 * The merged lead keeps a calendar lead's row and Lead ID (the first named when both or neither
 * come from the calendar); the other is gone, remembered so that a sync never brings it back.
 */
export const leadsMergeRequest = z.strictObject({
  leads: z
    .tuple([leadAtVersion, leadAtVersion])
    .refine(([a, b]) => a.id !== b.id, { message: 'Name two different leads.' }),
  values: leadReplace
    .pick(
      Object.fromEntries(MERGEABLE_LEAD_FIELDS.map((field) => [field, true])) as Record<
        MergeableLeadField,
        true
      >,
    )
    .partial()
    .default({}),
  /** With write-back on: the gone lead's event is cancelled, or left as it is (the default). */
  goneEvent: z.enum(GONE_EVENT_CHOICES).default('leave'),
});
export type LeadsMergeRequest = z.output<typeof leadsMergeRequest>;
export type LeadsMergeInput = z.input<typeof leadsMergeRequest>;

/** The answer of a merge: its action (undone by POST /lead-actions/{id}/undo), the merged lead, the gone one. */
export const leadMergeResult = z.object({
  action: leadActionSummary,
  lead: leadResource,
  goneId: z.number().int(),
  /** Both leads' versions after the merge. */
  leads: z.array(z.object({ id: z.number().int(), version: z.number().int() })),
});
export type LeadMergeResult = z.infer<typeof leadMergeResult>;
