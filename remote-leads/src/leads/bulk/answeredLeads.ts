import type { LeadActionResult } from '@auditdesk/shared';
import type { ApiLead } from '../leadTypes';
import type { BulkChange } from './bulkApi';

type Versions = LeadActionResult['leads'];

const versionsOf = (answer: Versions) => new Map(answer.map(({ id, version }) => [id, version]));

/**
 * What the lists of leads hold once the server has answered an action, worked out from the
 * answer alone (each lead's version after it) and what was sent: the screen confirms at once,
 * and the next action sends the right versions, while the lists are read again behind.
 * Framework-free; `bulkApi` applies these to the query cache.
 */
export const answeredLeads = {
  /** The change applied to each lead it changed, at its new version. */
  changed(leads: readonly ApiLead[], change: BulkChange, answer: Versions): ApiLead[] {
    const versions = versionsOf(answer);
    return leads.map((lead) =>
      versions.has(lead.id) ? { ...lead, ...trimmed(change), version: versions.get(lead.id) } : lead,
    );
  },

  /** The leads it deleted gone. */
  deleted(leads: readonly ApiLead[], answer: Versions): ApiLead[] {
    const gone = versionsOf(answer);
    return leads.filter((lead) => !gone.has(lead.id));
  },

  /**
   * An undo: each lead as it was before the action (`before`, kept when it was done), at its
   * new version, back in its place or back in the list. A lead the undo names but nobody kept
   * stays as it is (the list read behind brings it).
   */
  restored(leads: readonly ApiLead[], before: readonly ApiLead[], answer: Versions): ApiLead[] {
    const versions = versionsOf(answer);
    const kept = new Map(
      before
        .filter((lead) => versions.has(lead.id))
        .map((lead) => [lead.id, { ...lead, version: versions.get(lead.id) }]),
    );
    const present = new Set(leads.map((lead) => lead.id));
    return [
      ...leads.map((lead) => kept.get(lead.id) ?? lead),
      ...[...kept.values()].filter((lead) => !present.has(lead.id)),
    ];
  },
};

/** The values as the server stores them (its contract trims every text). */
function trimmed(change: BulkChange): BulkChange {
  return Object.fromEntries(Object.entries(change).map(([field, value]) => [field, value?.trim()]));
}
