import { SYNCED_LEAD_FIELDS, type LeadResource, type SyncedLeadField } from '@auditdesk/shared/core';
import type { EventRef } from './eventRef';

/**
 * A lead as the sync writes it to the spreadsheet and the database: the contract's synced
 * fields (SYNCED_LEAD_FIELDS), with a date and its week always known for a calendar event.
 */
export type LeadRecord = Omit<Pick<LeadResource, SyncedLeadField>, 'scheduledDate' | 'week'> & {
  /** ISO 8601 date-time in UTC */
  scheduledDate: string;
  /** Week of the month of scheduledDate (event-format.md) */
  week: number;
  /** Where the event is at a source that can be written; kept apart from the content hash and the sheet. */
  eventRef?: EventRef;
};

/** Every synced field, in a fixed order (the content hash and the staging payload use it). */
export const LEAD_FIELDS = SYNCED_LEAD_FIELDS;
