import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

/** A lead as a person enters or edits it; every field bounded, unknown fields refused. */
export const leadInput = z.strictObject({
  customerName: text(200).min(1, 'Customer name is required'),
  email: z.union([z.literal(''), z.email('expected an e-mail address').max(320)]).default(''),
  phoneNumber: text(40).default(''),
  auditor: text(120).default(''),
  houseType: text(40).default(''),
  heatingFuel: text(40).default(''),
  provider: text(60).default(''),
  referredBy: text(200).default(''),
  scheduledBy: text(120).default(''),
  /** New, Scheduled, Completed, Cancelled… or any other text up to 40 characters. */
  status: text(40).default('New'),
  scheduledDate: z.iso
    .datetime({ offset: true, error: 'expected an ISO 8601 date-time' })
    .nullable()
    .default(null),
  linkId: text(500).default(''),
  comments: text(4000).default(''),
});

export const leadUpdate = leadInput.partial();

export const leadIdParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const listQuery = z.strictObject({
  excludeCalendarNotFormatted: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type LeadInput = z.infer<typeof leadInput>;
export type LeadUpdate = z.infer<typeof leadUpdate>;
