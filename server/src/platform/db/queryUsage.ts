const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Rows this server read and wrote since the UTC day began (the day D1's quotas reset), for
 * the database resource page. Restarts at zero with the process.
 */
export function createQueryUsage(now = () => new Date()) {
  let day = utcDay(now());
  let rowsRead = 0;
  let rowsWritten = 0;
  const roll = () => {
    const today = utcDay(now());
    if (today === day) return;
    day = today;
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
