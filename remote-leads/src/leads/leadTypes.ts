import type { EditableLeadField, FormatProblem, LeadColumnId, LeadResource } from '@auditdesk/shared';

/** A lead as the API answers it; development samples may say `name` and `phone` instead. */
export type ApiLead = Omit<
  LeadResource,
  'customerName' | 'phoneNumber' | 'createdAt' | 'updatedAt' | 'version'
> & {
  version?: number;
  customerName?: string;
  name?: string;
  phoneNumber?: string;
  phone?: string;
};

/**
 * The columns of the table, in order, and the ones hidden until a person shows them (declared
 * once, in the field table of @auditdesk/shared). Lead ID (the calendar's UID) is hidden too,
 * unlike the spec: the visit's address took its place, and the default columns fit a 1440 px
 * screen (docs/decisions.md).
 */
export { DEFAULT_HIDDEN_COLUMNS, LEAD_COLUMNS, type LeadColumnId } from '@auditdesk/shared';

/** A row of the table: the screen's fields with the spec's fallbacks applied, and what the form edits. */
export type LeadRow = Record<LeadColumnId | EditableLeadField, string> & {
  id: number;
  source: string;
  isFormatted: boolean;
  /** The visit's time is a day (scheduledDate at 00:00 UTC names it), not an instant. */
  allDay: boolean;
  /**
   * The visit's day, yyyy-mm-dd: a day's date as it is, an instant's on the business's
   * calendar; what the date filters, the search and the export read. Empty without a date.
   */
  scheduledDay: string;
  /** What an unformatted lead lacks ('no auditor', 'house type not recognised'…); empty when formatted. */
  formatProblems: FormatProblem[];
  /** The lead's version as read: an edit sends it back (If-Match) so it cannot overwrite another. */
  version: number;
  /** The calendar changed what the office changed, or deleted the event: a person decides. */
  needsReview: boolean;
  /** The Lead IDs of leads merged into this one: a Lead ID filter or a search naming one finds it. */
  mergedLeadIds: readonly string[];
};
