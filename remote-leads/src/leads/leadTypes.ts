import type { FormatProblem, LeadColumnId, LeadResource } from '@auditdesk/shared';

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

/** The columns of the table, in order (declared once in @auditdesk/shared). */
export { LEAD_COLUMNS, type LeadColumnId } from '@auditdesk/shared';

/**
 * Hidden until a person shows them. Lead ID (the calendar's UID) is hidden here too, unlike
 * the spec: the visit's address took its place, and the default columns fit a 1440 px
 * screen (docs/decisions.md).
 */
export const DEFAULT_HIDDEN_COLUMNS: LeadColumnId[] = [
  'leadId',
  'linkId',
  'weekView',
  'phoneNumber',
  'heatingFuel',
  'provider',
  'comments',
  'endDate',
  'lastSyncedAt',
];

/** A row of the table: the screen's fields with the spec's fallbacks applied. */
export type LeadRow = Record<LeadColumnId, string> & {
  id: number;
  source: string;
  isFormatted: boolean;
  /** What an unformatted lead lacks ('no auditor', 'house type not recognised'…); empty when formatted. */
  formatProblems: FormatProblem[];
  email: string;
  /** The lead's version as read: an edit sends it back (If-Match) so it cannot overwrite another. */
  version: number;
  /** The calendar changed what the office changed, or deleted the event: a person decides. */
  needsReview: boolean;
};
