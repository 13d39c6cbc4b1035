/**
 * What one run may take from a calendar. Anyone who can send an invitation writes into the
 * company calendar, so every calendar is untrusted input (DESIGN.md section 14, in ../shared):
 * a limit that is hit fails the run with a message naming the event and the limit, and the
 * run writes nothing.
 */
export interface CalendarLimits {
  /** Instances of one recurring series inside one run's range. */
  occurrencesPerSeries: number;
  /** Events (instances included) in one run. */
  eventsPerRun: number;
  /** Characters in one text field of an event (Excel's cell limit by default). */
  textLength: number;
  /** Recurrence rules finer than hourly (FREQ=MINUTELY or SECONDLY) are refused unless true. */
  allowSubHourlyRules: boolean;
}

export const DEFAULT_CALENDAR_LIMITS: CalendarLimits = {
  occurrencesPerSeries: 5_000,
  eventsPerRun: 200_000,
  textLength: 32_767,
  allowSubHourlyRules: false,
};

/** The setting behind each limit (server/src/platform/config/settingsSchema.ts), named in its message. */
export const LIMIT_SETTINGS: Record<keyof CalendarLimits, string> = {
  occurrencesPerSeries: 'SYNC_MAX_OCCURRENCES_PER_SERIES',
  eventsPerRun: 'SYNC_MAX_EVENTS_PER_RUN',
  textLength: 'SYNC_MAX_TEXT_LENGTH',
  allowSubHourlyRules: 'SYNC_ALLOW_SUBHOURLY_RULES',
};

/** A calendar broke one of the run's limits: the whole run fails and writes nothing. */
export class CalendarLimitError extends Error {
  override name = 'CalendarLimitError';

  constructor(
    readonly limit: keyof CalendarLimits,
    message: string,
  ) {
    super(`${message} Nothing was written (the limit is the setting ${LIMIT_SETTINGS[limit]}).`);
  }
}
