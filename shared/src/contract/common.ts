import { z } from 'zod';

// Messages a person may read (the screens show a refusal's field messages): they say what
// to do in words, never a field's name.

/** A date range whose start comes after its end (sync, grid data). */
export const START_AFTER_END = 'The start date is after the end date.';

/** A real calendar day as yyyy-mm-dd. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as yyyy-mm-dd.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'This date does not exist.');

/** An instant as ISO 8601 with its offset. */
export const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'Enter a date and time with its time zone (ISO 8601).',
});

/**
 * A record id in a path: a canonical decimal integer only. `0x10`, `+1`, `01` or ` 1`
 * never name record 16 or 1; they are refused.
 */
export const idParams = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'expected a record id (a whole number without signs or leading zeros)')
    .transform(Number),
});

export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address.').max(320, 'This e-mail address is too long.'));

/** RFC 9457 problem details: every error the API answers. */
export const problemDetails = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  /** Validation failures: field path → messages. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ProblemDetails = z.infer<typeof problemDetails>;

/** The spec's `{ success, data, error }` envelope (resource pages). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data: data.nullable(), error: z.string().nullable() });

export const noContent = z.null().describe('No content');
