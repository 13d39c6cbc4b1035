import { z } from 'zod';
import { WRITE_BACK_MODES } from './vocabulary';

/** GET /business: how the business keeps time, for the screens to show times as its office does. */
export const businessSettings = z.object({
  /** CALENDAR_TIMEZONE: the IANA zone appointment times are shown in. */
  timeZone: z.string(),
  /** Whether office edits of calendar leads are written to the calendar (CALENDAR_WRITE_BACK). */
  writeBack: z.enum(WRITE_BACK_MODES),
});
export type BusinessSettings = z.infer<typeof businessSettings>;
