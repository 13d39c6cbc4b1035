import { sql, type SQL } from 'drizzle-orm';

/**
 * The live leads the leads `ids` (SQL selecting ids) are now: each itself, or the lead it was
 * merged into (merges followed to the end), without the deleted ones — so that a link, a
 * filter or a run's list naming a lead merged away names the lead it lives on in.
 */
export const liveLeadsOf = (ids: SQL) =>
  sql`WITH RECURSIVE up(id, next) AS (
      SELECT id, merged_into FROM leads WHERE id IN (${ids})
      UNION ALL
      SELECT l.id, l.merged_into FROM up JOIN leads AS l ON l.id = up.next)
    SELECT DISTINCT up.id AS id FROM up JOIN leads AS l ON l.id = up.id
    WHERE up.next IS NULL AND l.deleted_at IS NULL ORDER BY up.id`;

/** The lead `id` and every lead merged into it (merges followed back): whose histories are its own. */
export const mergedFamily = (id: number) =>
  sql`WITH RECURSIVE family(id) AS (
      SELECT ${id}
      UNION
      SELECT l.id FROM leads AS l JOIN family AS f ON l.merged_into = f.id)
    SELECT id FROM family`;

/**
 * The Lead ID of every merged-away lead beside the live lead it lives on in (`id`; merges
 * followed to the end): a few rows, read through the merged leads' index.
 */
export const mergedAwayLeadIds = sql`WITH RECURSIVE up(lead_id, at) AS (
      SELECT lead_id, merged_into FROM leads WHERE merged_into IS NOT NULL
      UNION ALL
      SELECT up.lead_id, l.merged_into FROM up JOIN leads AS l ON l.id = up.at WHERE l.merged_into IS NOT NULL)
    SELECT up.at AS id, up.lead_id AS leadId FROM up JOIN leads AS l ON l.id = up.at
    WHERE l.merged_into IS NULL AND l.deleted_at IS NULL ORDER BY up.at, up.lead_id`;
