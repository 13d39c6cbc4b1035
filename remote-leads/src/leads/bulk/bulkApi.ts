import {
  ApiError,
  api,
  invalidateAfterLeadChange,
  routes,
  type BulkField,
  type ChangedLead,
  type LeadActionResult,
} from '@auditdesk/shared';
import type { LeadRow } from '../leadTypes';

export type BulkChange = Partial<Record<BulkField, string>>;

const atVersion = (rows: readonly LeadRow[]) => rows.map(({ id, version }) => ({ id, version }));

/**
 * Changes the fields of every lead, all or nothing: if any changed since it was read, the
 * server answers 412 and nothing is written (`changedLeadsOf` tells which).
 */
export async function bulkChange(rows: readonly LeadRow[], change: BulkChange): Promise<LeadActionResult> {
  const result = await api(routes.leadsBulk, { body: { leads: atVersion(rows), change } });
  await invalidateAfterLeadChange();
  return result;
}

export async function bulkDelete(rows: readonly LeadRow[]): Promise<LeadActionResult> {
  const result = await api(routes.leadsBulk, { body: { leads: atVersion(rows), delete: true } });
  await invalidateAfterLeadChange();
  return result;
}

/** Puts back what the action changed; refused (409) once undone, or when its leads changed since. */
export async function undoLeadAction(actionId: number): Promise<LeadActionResult> {
  const result = await api(routes.leadsUndoAction, { params: { id: actionId } });
  await invalidateAfterLeadChange();
  return result;
}

/** The leads a refused action or undo names (its problem's `leads`), or null for another failure. */
export function changedLeadsOf(error: unknown): ChangedLead[] | null {
  if (!(error instanceof ApiError) || (error.status !== 412 && error.status !== 409)) return null;
  const leads = (error.problem as { leads?: unknown } | undefined)?.leads;
  return Array.isArray(leads) ? (leads as ChangedLead[]) : null;
}
