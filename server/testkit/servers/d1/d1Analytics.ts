/**
 * What Cloudflare's GraphQL dataset d1AnalyticsAdaptiveGroups sums per database and UTC day:
 * queries and rows read and written, counted here from every statement the REST API ran.
 */
export function createD1Analytics(databaseId: string, today = () => new Date().toISOString().slice(0, 10)) {
  const days = new Map<
    string,
    { readQueries: number; writeQueries: number; rowsRead: number; rowsWritten: number }
  >();
  return {
    record(meta: { rows_read: number; rows_written: number }) {
      const day = today();
      const sum = days.get(day) ?? { readQueries: 0, writeQueries: 0, rowsRead: 0, rowsWritten: 0 };
      if (meta.rows_written > 0) sum.writeQueries += 1;
      else sum.readQueries += 1;
      sum.rowsRead += meta.rows_read;
      sum.rowsWritten += meta.rows_written;
      days.set(day, sum);
    },
    /** Today's sums, as the test compares them with the page. */
    today() {
      return { ...(days.get(today()) ?? { readQueries: 0, writeQueries: 0, rowsRead: 0, rowsWritten: 0 }) };
    },
    reset() {
      days.clear();
    },
    /** The groups of the days in [start, end] (yyyy-mm-dd), newest first, as the dataset answers. */
    groups(filter: { start?: string; end?: string; databaseId?: string }) {
      if (filter.databaseId && filter.databaseId !== databaseId) return [];
      return [...days]
        .filter(([day]) => (!filter.start || day >= filter.start) && (!filter.end || day <= filter.end))
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([date, sum]) => ({ sum: { ...sum }, dimensions: { date, databaseId } }));
    },
  };
}
