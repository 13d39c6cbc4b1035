import { storedLeadDate } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { LeadChunks } from '../record/leadChunks';
import type { LeadRecord } from '../record/leadRecord';
import { weekOfMonth } from '../record/weekOfMonth';
import { OFFICE_FIELDS, type OfficeField } from './officeValueStatements';

/** The office's date (its text: a day as yyyy-mm-dd, dateText.ts) as the lead holds it. */
export function officeDate(text: string | null) {
  const { value, allDay } = storedLeadDate(text);
  return { scheduledDate: value, allDay, week: value ? weekOfMonth(new Date(value)) : null };
}

const isOfficeField = (field: string): field is OfficeField =>
  (OFFICE_FIELDS as readonly string[]).includes(field);

/**
 * The calendar's leads as the office sees them, for what the sync writes besides the database
 * (the spreadsheet): each office value in place of the calendar's, and the leads a person
 * deleted here left out, chunk by chunk as they are read. One read of the office's values,
 * however large the run.
 */
export function createOfficeOverlay(db: Database) {
  return async function overlay<T extends LeadRecord>(records: LeadChunks<T>): Promise<LeadChunks<T>> {
    // one read (on D1 one call): the office's values, and the leads deleted here (hidden: 1)
    const rows = await db.all<{ leadId: string; field: string | null; value: string | null; hidden: number }>(
      sql`SELECT l.lead_id AS leadId, o.field AS field, o.office_value AS value, 0 AS hidden
          FROM lead_office_values AS o JOIN leads AS l ON l.id = o.lead_id WHERE l.source = 'calendar'
        UNION ALL
        SELECT lead_id, NULL, NULL, 1 FROM leads WHERE source = 'calendar' AND deleted_by = 'office'`,
    );
    if (rows.length === 0) return records;
    const hiddenIds = new Set(rows.filter((row) => row.hidden).map((row) => row.leadId));
    const values = rows.filter((row) => !row.hidden);
    const byLead = new Map<string, Partial<LeadRecord>>();
    for (const { leadId, field, value } of values) {
      if (!field || !isOfficeField(field)) continue;
      const changes = byLead.get(leadId) ?? {};
      Object.assign(changes, { [field]: value ?? (field === 'endDate' ? null : '') });
      if (field === 'scheduledDate') Object.assign(changes, officeDate(value));
      byLead.set(leadId, changes);
    }
    const view = (chunk: readonly T[]) =>
      chunk
        .filter((record) => !hiddenIds.has(record.leadId))
        .map((record) => {
          const changes = byLead.get(record.leadId);
          return changes ? { ...record, ...changes } : record;
        });
    return {
      *chunks(formatted) {
        for (const chunk of records.chunks(formatted)) yield view(chunk);
      },
      find(leadId) {
        const record = records.find(leadId);
        return record && view([record])[0];
      },
    };
  };
}
