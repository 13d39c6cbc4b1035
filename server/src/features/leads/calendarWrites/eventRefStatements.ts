import { sql, type SQL } from 'drizzle-orm';
import type { LeadRecord } from '../record/leadRecord';

const field = (name: string) => sql.raw(`json_extract(r.value, '$.${name}')`);

/**
 * In a sync's batch, after its upsert: each calendar lead of the run keeps where its event is
 * and its ETag as read (for writing it back), apart from its content, its hash and its version —
 * an event whose ETag alone changed is not a changed lead. Only rows that differ are written.
 * `chunks` cuts the JSON as the sync's own rows are cut (D1's limits).
 */
export function eventRefStatements(
  run: readonly LeadRecord[],
  chunks: (items: unknown[]) => string[],
): SQL[] {
  const refs = run.filter((lead) => lead.eventRef).map(({ leadId, eventRef }) => ({ leadId, ...eventRef }));
  return chunks(refs).map(
    (chunk) =>
      sql`UPDATE leads SET event_ref = ${field('id')}, event_etag = ${field('etag')}, event_instance = ${field('instance')}
        FROM json_each(${chunk}) AS r
        WHERE leads.lead_id = ${field('leadId')} AND leads.source = 'calendar'
          AND (leads.event_ref IS NOT ${field('id')} OR leads.event_etag IS NOT ${field('etag')}
            OR leads.event_instance IS NOT ${field('instance')})`,
  );
}
