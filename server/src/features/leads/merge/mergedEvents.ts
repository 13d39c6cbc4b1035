import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { LeadChunks } from '../record/leadChunks';
import { leadContentHash } from '../record/leadContentHash';
import type { HashedLead } from '../record/leadContentHash';

/** Each merged-away calendar lead's Lead ID, and the Lead ID of the lead it lives on in (merges followed to the end). */
export async function mergedCalendarLeads(db: Database): Promise<Map<string, string>> {
  const rows = await db.all<{ gone: string; kept: string }>(
    sql`WITH RECURSIVE chain(gone, target) AS (
        SELECT lead_id, merged_into FROM leads WHERE merged_into IS NOT NULL AND source = 'calendar'
        UNION ALL
        SELECT c.gone, l.merged_into FROM chain AS c JOIN leads AS l ON l.id = c.target
          WHERE l.merged_into IS NOT NULL)
      SELECT c.gone AS gone, l.lead_id AS kept FROM chain AS c JOIN leads AS l ON l.id = c.target
      WHERE l.merged_into IS NULL AND l.source = 'calendar' ORDER BY c.gone`,
  );
  return new Map(rows.map((row) => [row.gone, row.kept]));
}

type RunView = LeadChunks<HashedLead> & { size: number };

/**
 * A run's leads as the merges left them (DESIGN.md section 24): the event of a merged-away
 * lead updates the lead it was merged into, in that lead's name, when that lead's own event is
 * not in the run (it is gone, or moved out of the range); when it is, the merged lead follows
 * its own event and the other is passed over. Never does the merged-away lead come back.
 */
export function foldMergedEvents(run: RunView, merged: ReadonlyMap<string, string>): RunView {
  // per merged-away event in the run: the Lead ID it now updates, or null when it is passed over
  const plan = new Map<string, string | null>();
  const taken = new Set<string>();
  for (const [gone, kept] of merged) {
    if (!run.find(gone)) continue;
    const free = !run.find(kept) && !taken.has(kept);
    plan.set(gone, free ? kept : null);
    if (free) taken.add(kept);
  }
  if (plan.size === 0) return run;
  const passedOver = [...plan.values()].filter((kept) => kept === null).length;
  const renamed = (lead: HashedLead, leadId: string): HashedLead => {
    const record = { ...lead, leadId };
    return { ...record, contentHash: leadContentHash(record) };
  };
  const folded = (lead: HashedLead): HashedLead[] => {
    if (!plan.has(lead.leadId)) return [lead];
    const kept = plan.get(lead.leadId);
    return kept ? [renamed(lead, kept)] : [];
  };
  const goneFor = new Map([...plan].flatMap(([gone, kept]) => (kept ? [[kept, gone] as const] : [])));
  return {
    size: run.size - passedOver,
    *chunks(formatted) {
      for (const chunk of run.chunks(formatted)) {
        const leads = chunk.flatMap(folded);
        if (leads.length > 0) yield leads;
      }
    },
    find(leadId) {
      if (plan.has(leadId)) return undefined;
      const gone = goneFor.get(leadId);
      return gone ? renamed(run.find(gone)!, leadId) : run.find(leadId);
    },
  };
}
