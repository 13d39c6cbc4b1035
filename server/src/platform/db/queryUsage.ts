const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Rows this server read and wrote since the UTC day began (the day D1's quotas reset), for
 * the database resource page. Restarts at zero with the process.
 */
export function createQueryUsage(now = () => new Date()) {
  let day = utcDay(now());
  /** When `day` ends: counted per statement (a sync's prepared insert runs once per lead), so a number compared, not a date formatted. */
  let dayEnds = Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;
  let rowsRead = 0;
  let rowsWritten = 0;
  const roll = () => {
    const at = now();
    if (at.getTime() < dayEnds) return;
    day = utcDay(at);
    dayEnds = Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;
    rowsRead = 0;
    rowsWritten = 0;
  };
  return {
    read(rows: number) {
      roll();
      rowsRead += rows;
    },
    written(rows: number) {
      roll();
      rowsWritten += rows;
    },
    today() {
      roll();
      return { day, rowsRead, rowsWritten };
    },
  };
}

export type QueryUsage = ReturnType<typeof createQueryUsage>;
