import { z } from 'zod';

/** GET /business: how the business keeps time, for the screens to show times as its office does. */
export const businessSettings = z.object({
  /** CALENDAR_TIMEZONE: the IANA zone appointment times are shown in. */
  timeZone: z.string(),
});
export type BusinessSettings = z.infer<typeof businessSettings>;
