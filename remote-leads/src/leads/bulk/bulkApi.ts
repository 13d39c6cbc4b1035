import {
  ApiError,
  api,
  invalidateAfterLeadChange,
  queryClient,
  routes,
  type BulkField,
  type ChangedLead,
  type LeadActionResult,
} from '@auditdesk/shared';
import { leadsQuery, unformattedLeadsQuery } from '../leadsApi';
import type { ApiLead, LeadRow } from '../leadTypes';
import { answeredLeads } from './answeredLeads';

export type BulkChange = Partial<Record<BulkField, string>>;

/** An action the server did, with the leads as they were before it (what its undo puts back). */
export type DoneAction = LeadActionResult & { before: ApiLead[] };

const atVersion = (rows: readonly LeadRow[]) => rows.map(({ id, version }) => ({ id, version }));

/** The lists of leads the screen reads, and which leads each holds. */
const isFormattedList = (lead: ApiLead) => lead.isFormatted || lead.source !== 'calendar';
const LISTS = [
  { queryKey: leadsQuery.queryKey, holds: isFormattedList },
  { queryKey: unformattedLeadsQuery.queryKey, holds: (lead: ApiLead) => !isFormattedList(lead) },
];

/** The leads of these ids as the lists hold them now. */
function leadsNow(ids: readonly number[]): ApiLead[] {
  const wanted = new Set(ids);
  return LISTS.flatMap(
    ({ queryKey }) =>
      queryClient.getQueryData<ApiLead[]>(queryKey)?.filter((lead) => wanted.has(lead.id)) ?? [],
  );
}

/**
 * The answer is the confirmation: the lists take it at once (the screen does not wait for
 * every cache to be read again, seconds on a busy machine), and are read again behind, with
 * the scheduling and dashboard numbers, for what the answer does not tell.
 */
function takeAnswer(update: (leads: ApiLead[], holds: (lead: ApiLead) => boolean) => ApiLead[]): void {
  for (const { queryKey, holds } of LISTS)
    queryClient.setQueryData<ApiLead[]>(queryKey, (leads) => leads && update(leads, holds));
  void invalidateAfterLeadChange();
}

/**
 * Changes the fields of every lead, all or nothing: if any changed since it was read, the
 * server answers 412 and nothing is written (`changedLeadsOf` tells which).
 */
export async function bulkChange(rows: readonly LeadRow[], change: BulkChange): Promise<DoneAction> {
  const before = leadsNow(rows.map((row) => row.id));
  const result = await api(routes.leadsBulk, { body: { leads: atVersion(rows), change } });
  takeAnswer((leads) => answeredLeads.changed(leads, change, result.leads));
  return { ...result, before };
}

export async function bulkDelete(rows: readonly LeadRow[]): Promise<DoneAction> {
  const before = leadsNow(rows.map((row) => row.id));
  const result = await api(routes.leadsBulk, { body: { leads: atVersion(rows), delete: true } });
  takeAnswer((leads) => answeredLeads.deleted(leads, result.leads));
  return { ...result, before };
}

/**
 * Puts back what the action changed; refused (409) once undone, or when its leads changed since.
 * `before`: the leads as they were before the action, when this screen did it (shown at once);
 * without it (an undo from a lead's history) the lists are only read again.
 */
export async function undoLeadAction(
  actionId: number,
  before: readonly ApiLead[] = [],
): Promise<LeadActionResult> {
  const result = await api(routes.leadsUndoAction, { params: { id: actionId } });
  takeAnswer((leads, holds) => answeredLeads.restored(leads, before.filter(holds), result.leads));
  return result;
}

/** The leads a refused action or undo names (its problem's `leads`), or null for another failure. */
export function changedLeadsOf(error: unknown): ChangedLead[] | null {
  if (!(error instanceof ApiError) || (error.status !== 412 && error.status !== 409)) return null;
  const leads = (error.problem as { leads?: unknown } | undefined)?.leads;
  return Array.isArray(leads) ? (leads as ChangedLead[]) : null;
}
