import { z } from 'zod';
import { idParams, isoDateTime } from './common';
import { leadText } from './leadText';
import { LEAD_SOURCES } from './vocabulary';

const text = (max: number) => leadText(max);

/** Only http(s) addresses are links; anything else (javascript:, data:) is refused. */
export const linkId = text(500).refine(
  (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value),
  'Enter a web address that starts with http:// or https://.',
);

/** What a person edits on a lead, each field bounded. */
const leadFieldShapes = {
  customerName: text(200).min(1, 'Customer name is required.'),
  /** The service address of the visit (the event's LOCATION for a calendar lead). */
  address: text(500),
  email: z.union([
    z.literal(''),
    z.email('Enter a valid e-mail address.').max(320, 'This e-mail address is too long.'),
  ]),
  phoneNumber: text(40),
  auditor: text(120),
  houseType: text(40),
  heatingFuel: text(40),
  provider: text(60),
  referredBy: text(200),
  scheduledBy: text(120),
  /** New, Scheduled, Completed, Cancelled… or any other text up to 40 characters. */
  status: text(40),
  /** Stored in UTC (…Z), whatever offset it was sent with. */
  scheduledDate: isoDateTime.transform((value) => new Date(value).toISOString()).nullable(),
  /** When the visit ends, stored in UTC like scheduledDate. */
  endDate: isoDateTime.transform((value) => new Date(value).toISOString()).nullable(),
  linkId,
  comments: leadText(4000, { newlines: true }),
};

/** POST /leads: a new manual lead; only the customer's name is required. */
export const leadCreate = z.strictObject({
  ...leadFieldShapes,
  address: leadFieldShapes.address.default(''),
  email: leadFieldShapes.email.default(''),
  phoneNumber: leadFieldShapes.phoneNumber.default(''),
  auditor: leadFieldShapes.auditor.default(''),
  houseType: leadFieldShapes.houseType.default(''),
  heatingFuel: leadFieldShapes.heatingFuel.default(''),
  provider: leadFieldShapes.provider.default(''),
  referredBy: leadFieldShapes.referredBy.default(''),
  scheduledBy: leadFieldShapes.scheduledBy.default(''),
  status: leadFieldShapes.status.default('New'),
  scheduledDate: leadFieldShapes.scheduledDate.default(null),
  endDate: leadFieldShapes.endDate.default(null),
  linkId: leadFieldShapes.linkId.default(''),
  comments: leadFieldShapes.comments.default(''),
});
export type LeadCreate = z.output<typeof leadCreate>;

/** PUT /leads/{id}: the whole editable lead; a missing field is an error, never a blank. */
export const leadReplace = z.strictObject(leadFieldShapes);
export type LeadEditableFields = z.output<typeof leadReplace>;

/** PATCH /leads/{id}: only the fields named change. */
export const leadPatch = z
  .strictObject(leadFieldShapes)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'name at least one field to change');
export type LeadPatch = z.output<typeof leadPatch>;

/** A lead as the API answers it (the leads screen's fields, spec section 3). */
export const leadResource = z.object({
  id: z.number().int(),
  leadId: z.string(),
  source: z.enum(LEAD_SOURCES),
  isFormatted: z.boolean(),
  customerName: z.string(),
  address: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  auditor: z.string(),
  houseType: z.string(),
  heatingFuel: z.string(),
  provider: z.string(),
  referredBy: z.string(),
  scheduledBy: z.string(),
  status: z.string(),
  scheduledDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Week of the month of scheduledDate (event-format.md); shown as 'Week N'. */
  week: z.number().int().nullable(),
  linkId: z.string(),
  comments: z.string(),
  lastSyncedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The calendar changed a field the office changed too, or deleted the event: a person decides. */
  needsReview: z.boolean(),
  /** Changes with every write; send it back as If-Match so an edit cannot overwrite another. */
  version: z.number().int(),
});
export type LeadResource = z.infer<typeof leadResource>;

/**
 * The fields a calendar event fills in, in the content hash's order (reordering would
 * rewrite every lead once). The server's LeadRecord, its content hash and the spreadsheet's
 * columns derive from this list.
 */
export const SYNCED_LEAD_FIELDS = [
  'leadId',
  'customerName',
  'address',
  'scheduledDate',
  'endDate',
  'week',
  'auditor',
  'houseType',
  'status',
  'phoneNumber',
  'email',
  'heatingFuel',
  'provider',
  'referredBy',
  'scheduledBy',
  'linkId',
  'comments',
  'isFormatted',
] as const satisfies readonly (keyof LeadResource)[];
export type SyncedLeadField = (typeof SYNCED_LEAD_FIELDS)[number];

/** The fields of a calendar lead the office can hold its own value of (what a person edits). */
export const OFFICE_VALUE_FIELDS = Object.keys(leadFieldShapes) as (keyof typeof leadFieldShapes)[];
export type OfficeValueField = (typeof OFFICE_VALUE_FIELDS)[number];

/** One field of a calendar lead edited here: the office's value (shown) beside the calendar's. */
export const officeValue = z.object({
  field: z.enum(OFFICE_VALUE_FIELDS as [OfficeValueField, ...OfficeValueField[]]),
  officeValue: z.string().nullable(),
  /** The calendar's value as last synced. */
  calendarValue: z.string().nullable(),
  editedBy: z.object({ userId: z.number().int().nullable(), name: z.string().nullable() }),
  editedAt: z.string(),
  /** The sync run that changed the calendar's value after the office's edit, and when; null if none did. */
  calendarChangedBy: z.object({ runId: z.number().int().nullable(), at: z.string() }).nullable(),
  /** The calendar changed this field after the office did: the lead needs review. */
  conflict: z.boolean(),
});
export type OfficeValue = z.infer<typeof officeValue>;

/** GET /leads/{id}: the lead as shown, with its office values and whether its event is gone. */
export const leadDetail = leadResource.extend({
  officeValues: z.array(officeValue),
  /** When a sync found the event gone while the lead held office values (kept for review). */
  calendarDeletedAt: z.string().nullable(),
  /**
   * Office values not yet in the calendar (write-back on): since when, how many attempts, and
   * why the last one did not reach it (null before the first); null when nothing is waiting.
   * `failedAt`: the calendar refused the write for what it holds; it is not tried again until
   * the lead is edited (null while it is tried).
   */
  calendarWrite: z
    .object({
      since: z.string(),
      attempts: z.number().int(),
      reason: z.string().nullable(),
      nextAttemptAt: z.string(),
      failedAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type LeadDetail = z.infer<typeof leadDetail>;

/** POST /leads/{id}/office-values/{field}, POST /leads/{id}/calendar-deletion: which value wins. */
export const reviewChoice = z.strictObject({ use: z.enum(['office', 'calendar']) });
export const officeValueParams = idParams.extend({
  field: z.enum(OFFICE_VALUE_FIELDS as [OfficeValueField, ...OfficeValueField[]]),
});

export const leadsQuery = z.strictObject({
  excludeCalendarNotFormatted: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

const counts = z.record(z.string(), z.number().int());
export const leadsSummary = z.object({
  total: z.number().int(),
  /** The leads counted as Scheduled (leadStatusRules.ts), as on the screens' Scheduled cards. */
  scheduled: z.number().int(),
  byStatus: counts,
  byAuditor: counts,
  byMonth: counts,
});

/** GET /dashboard/stats (spec section 3 "Dashboard stats", section 5 rules). */
export const dashboardStats = z.object({
  totalLeads: z.number().int(),
  /** The leads counted as Scheduled (leadStatusRules.ts). */
  scheduledLeads: z.number().int(),
  /** scheduledLeads against totalLeads, by the one rate rule (rateOf: percent, 1 decimal). */
  conversionRate: z.number(),
  totalSyncs: z.number().int(),
  successfulSyncs: z.number().int(),
  lastSyncTime: z.string().nullable(),
  recentLeads: z.array(leadResource),
  topSources: z.array(z.object({ source: z.string(), count: z.number().int() })),
});
