import { z } from 'zod';
import { idParams, isoDateTime, isoDay } from './common';
import {
  EDITABLE_LEAD_FIELDS,
  LEAD_FIELDS,
  leadFieldDefault,
  leadFieldRow,
  OFFICE_VALUE_FIELDS,
  type EditableLeadField,
  type LeadField,
  type LeadFieldTable,
  type OfficeValueField,
  type TextRule,
} from './leadFields';
import { leadText } from './leadText';
import { LEAD_SOURCES } from './vocabulary';

export {
  OFFICE_VALUE_FIELDS,
  SYNCED_LEAD_FIELDS,
  type OfficeValueField,
  type SyncedLeadField,
} from './leadFields';

/** Every lead text takes the one text rule (leadText.ts): bounded, no control characters. */
const text = (rule: TextRule) => leadText(rule.max, { newlines: rule.multiline === true });

/**
 * A moment sent with any offset, in UTC (…Z); or a day sent without a time (yyyy-mm-dd), kept
 * so: the lead stores it as that day, all day (storedLeadDate, DESIGN.md section 23).
 */
const moment = () =>
  z
    .union([isoDay, isoDateTime.transform((value) => new Date(value).toISOString())], {
      error: 'Enter a day (yyyy-mm-dd), or a date and time with its time zone (ISO 8601).',
    })
    .nullable();

/** What a person may send for a field, by its kind; each value bounded. */
const INPUTS = {
  text: (field: LeadField) => {
    const row = leadFieldRow(field);
    const shape = text(row.text!);
    return row.required ? shape.min(1, row.required) : shape;
  },
  email: () =>
    z.union([
      z.literal(''),
      z.email('Enter a valid e-mail address.').max(320, 'This e-mail address is too long.'),
    ]),
  /** Only http(s) addresses are links; anything else (javascript:, data:) is refused. */
  link: (field: LeadField) =>
    text(leadFieldRow(field).text!).refine(
      (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value),
      'Enter a web address that starts with http:// or https://.',
    ),
  date: moment,
  flag: () => z.boolean(),
};

/** How the API answers a field, by its kind. */
const ANSWERS = {
  key: () => z.string(),
  text: () => z.string(),
  email: () => z.string(),
  link: () => z.string(),
  date: () => z.string().nullable(),
  /** Week of the month of scheduledDate (event-format.md); shown as 'Week N'. */
  week: () => z.number().int().nullable(),
  flag: () => z.boolean(),
  stamp: () => z.string().nullable(),
};

type Kind<F extends LeadField> = LeadFieldTable[F]['kind'];
type InputOf<F extends EditableLeadField> = ReturnType<(typeof INPUTS)[Kind<F> & keyof typeof INPUTS]>;
type AnswerOf<F extends LeadField> = ReturnType<(typeof ANSWERS)[Kind<F>]>;
type Required<F extends LeadField> = LeadFieldTable[F] extends { required: string } ? F : never;

const shapesOf = <F extends LeadField, S>(fields: readonly F[], shape: (field: F) => S) =>
  Object.fromEntries(fields.map((field) => [field, shape(field)]));

/** What a person edits on a lead, each field bounded (the field table's editable fields). */
const leadFieldShapes = shapesOf(EDITABLE_LEAD_FIELDS, (field) =>
  INPUTS[leadFieldRow(field).kind as keyof typeof INPUTS](field),
) as { [F in EditableLeadField]: InputOf<F> };

/** POST /leads: a new manual lead; only the required fields must be sent, the others have defaults. */
export const leadCreate = z.strictObject(
  shapesOf(EDITABLE_LEAD_FIELDS, (field) => {
    const shape = leadFieldShapes[field] as z.ZodType;
    return leadFieldRow(field).required ? shape : shape.default(leadFieldDefault(field));
  }) as {
    [F in EditableLeadField]: F extends Required<F> ? InputOf<F> : z.ZodDefault<InputOf<F>>;
  },
);
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
  source: z.enum(LEAD_SOURCES),
  ...(shapesOf(LEAD_FIELDS, (field) => ANSWERS[leadFieldRow(field).kind]()) as {
    [F in LeadField]: AnswerOf<F>;
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The calendar changed a field the office changed too, or deleted the event: a person decides. */
  needsReview: z.boolean(),
  /** Changes with every write; send it back as If-Match so an edit cannot overwrite another. */
  version: z.number().int(),
  /**
   * The Lead IDs of the leads merged into this one (GET /leads only; absent when none): a view
   * or a filter naming a merged-away lead's Lead ID finds this lead.
   */
  mergedLeadIds: z.array(z.string()).optional(),
});
export type LeadResource = z.infer<typeof leadResource>;

const officeValueField = z.enum(OFFICE_VALUE_FIELDS as [OfficeValueField, ...OfficeValueField[]]);

/** One field of a calendar lead edited here: the office's value (shown) beside the calendar's. */
export const officeValue = z.object({
  field: officeValueField,
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
  field: officeValueField,
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
