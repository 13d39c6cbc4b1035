import {
  api,
  invalidateAfterLeadChange,
  routes,
  type LeadsMergeInput,
  type LeadMergeResult,
} from '@auditdesk/shared';

/**
 * Merges two leads, all or nothing: if either changed since it was read, the server answers
 * 412 and nothing is written (`changedLeadsOf` tells which). The answer confirms it; the lists
 * are read again behind.
 */
export async function mergeLeads(input: LeadsMergeInput): Promise<LeadMergeResult> {
  const result = await api(routes.leadsMerge, { body: input });
  void invalidateAfterLeadChange();
  return result;
}
