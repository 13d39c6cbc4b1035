import type { AppDatabase } from '../../db/openDatabase';
import type { LeadRecord } from '../parser/leadRecord';
import { leadContentHash } from './leadContentHash';

export interface DatabaseWriteResult {
  created: number;
  updated: number;
  deleted: number;
}

/**
 * Upserts the synced leads in one transaction: new leads are created, changed ones (or
 * ones soft-deleted earlier and back now) updated, unchanged ones left alone; calendar
 * leads inside the range that are gone from the calendar are soft-deleted. Leads entered
 * by hand are never touched.
 */
export function writeLeads(
  db: AppDatabase,
  leads: LeadRecord[],
  range: { from: number; to: number },
  syncedAt: string,
): DatabaseWriteResult {
  const sqlite = db.$client;
  const find = sqlite.prepare<
    [string],
    { id: number; source: string; contentHash: string; deletedAt: string | null }
  >('SELECT id, source, content_hash AS contentHash, deleted_at AS deletedAt FROM leads WHERE lead_id = ?');
  const columns = `is_formatted = @isFormatted, customer_name = @customerName, email = @email, phone_number = @phoneNumber,
    auditor = @auditor, house_type = @houseType, heating_fuel = @heatingFuel, provider = @provider,
    referred_by = @referredBy, scheduled_by = @scheduledBy, status = @status, scheduled_date = @scheduledDate,
    week_view = @weekView, link_id = @linkId, comments = @comments, content_hash = @contentHash,
    last_synced_at = @syncedAt, updated_at = @syncedAt, deleted_at = NULL`;
  const update = sqlite.prepare(`UPDATE leads SET ${columns} WHERE id = @id`);
  const insert =
    sqlite.prepare(`INSERT INTO leads (lead_id, source, created_at, is_formatted, customer_name, email,
      phone_number, auditor, house_type, heating_fuel, provider, referred_by, scheduled_by, status, scheduled_date,
      week_view, link_id, comments, content_hash, last_synced_at, updated_at)
    VALUES (@leadId, 'calendar', @syncedAt, @isFormatted, @customerName, @email, @phoneNumber, @auditor, @houseType,
      @heatingFuel, @provider, @referredBy, @scheduledBy, @status, @scheduledDate, @weekView, @linkId, @comments,
      @contentHash, @syncedAt, @syncedAt)`);
  const inRange = sqlite.prepare<[string, string], { id: number; leadId: string }>(
    `SELECT id, lead_id AS leadId FROM leads
     WHERE source = 'calendar' AND deleted_at IS NULL AND scheduled_date >= ? AND scheduled_date <= ?`,
  );
  const softDelete = sqlite.prepare('UPDATE leads SET deleted_at = ?, updated_at = ? WHERE id = ?');

  return sqlite.transaction(() => {
    const result: DatabaseWriteResult = { created: 0, updated: 0, deleted: 0 };
    for (const lead of leads) {
      const contentHash = leadContentHash(lead);
      const row = { ...lead, isFormatted: lead.isFormatted ? 1 : 0, contentHash, syncedAt };
      const existing = find.get(lead.leadId);
      if (!existing) {
        insert.run(row);
        result.created += 1;
      } else if (
        existing.source === 'calendar' &&
        (existing.contentHash !== contentHash || existing.deletedAt)
      ) {
        update.run({ ...row, id: existing.id });
        result.updated += 1;
      }
    }
    const present = new Set(leads.map((lead) => lead.leadId));
    const from = new Date(range.from).toISOString();
    const to = new Date(range.to).toISOString();
    for (const stale of inRange.all(from, to)) {
      if (present.has(stale.leadId)) continue;
      softDelete.run(syncedAt, syncedAt, stale.id);
      result.deleted += 1;
    }
    return result;
  })();
}
