import { z } from 'zod';
import { LEAD_ACTION_KINDS, LEAD_HISTORY_KINDS } from './vocabulary';

/** GET /leads/{id}/history: a page of the lead's changes (and of the leads merged into it), newest first. */
export const leadHistoryQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** One change: a field changed (old → new), or the lead created or deleted; by a person or a sync run. */
export const leadHistoryEntry = z.object({
  id: z.number().int(),
  /** The lead it was recorded on: this one, or a lead merged into it since. */
  leadId: z.number().int(),
  kind: z.enum(LEAD_HISTORY_KINDS),
  /** The lead field's name (as in the lead resource); null for created and deleted. */
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  at: z.string(),
  by: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('user'), userId: z.number().int().nullable(), name: z.string().nullable() }),
    z.object({ kind: z.literal('sync'), runId: z.number().int() }),
  ]),
  /** The bulk change or import the change was part of; null for a single edit or a sync. */
  action: z
    .object({
      id: z.number().int(),
      kind: z.enum(LEAD_ACTION_KINDS),
      label: z.string(),
      undoneAt: z.string().nullable(),
    })
    .nullable(),
});
export type LeadHistoryEntry = z.infer<typeof leadHistoryEntry>;

export const leadHistoryPage = z.object({
  items: z.array(leadHistoryEntry),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type LeadHistoryPage = z.infer<typeof leadHistoryPage>;

/** GET /leads/changed-by-run/{id}: the live leads a sync run created or changed (for its history row's link). */
export const leadsChangedByRun = z.object({
  runId: z.number().int(),
  leadIds: z.array(z.number().int()),
});
export type LeadsChangedByRun = z.infer<typeof leadsChangedByRun>;
