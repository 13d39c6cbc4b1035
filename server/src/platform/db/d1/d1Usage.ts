import type { D1Settings } from '../../config/loadConfig';
import type { D1Api } from './d1Api';

/** Today's reads and writes of one database in Cloudflare's GraphQL analytics (external-apis.md c). */
const D1_USAGE_QUERY = `query D1Usage($accountTag: string!, $databaseId: string, $start: Date, $end: Date) {
  viewer {
    accounts(filter: { accountTag: $accountTag }) {
      d1AnalyticsAdaptiveGroups(
        limit: 10000
        filter: { databaseId: $databaseId, date_geq: $start, date_leq: $end }
        orderBy: [date_DESC]
      ) {
        sum { readQueries writeQueries rowsRead rowsWritten }
        dimensions { date databaseId }
      }
    }
  }
}`;

interface D1UsageAnswer {
  viewer: {
    accounts: {
      d1AnalyticsAdaptiveGroups: {
        sum: { rowsRead: number; rowsWritten: number };
        dimensions: { date: string; databaseId: string };
      }[];
    }[];
  };
}

/** Rows the database read and wrote since 00:00 UTC, when D1's daily limits reset. */
export async function d1UsageToday(
  api: D1Api,
  settings: Pick<D1Settings, 'accountId' | 'databaseId'>,
  now = new Date(),
): Promise<{ rowsRead: number; rowsWritten: number }> {
  const today = now.toISOString().slice(0, 10);
  const answer = await api.analytics<D1UsageAnswer>(D1_USAGE_QUERY, {
    accountTag: settings.accountId,
    databaseId: settings.databaseId,
    start: today,
    end: today,
  });
  const groups = (answer.viewer?.accounts ?? []).flatMap(
    (account) => account.d1AnalyticsAdaptiveGroups ?? [],
  );
  return groups
    .filter((group) => group.dimensions.databaseId === settings.databaseId && group.dimensions.date === today)
    .reduce(
      (total, group) => ({
        rowsRead: total.rowsRead + group.sum.rowsRead,
        rowsWritten: total.rowsWritten + group.sum.rowsWritten,
      }),
      { rowsRead: 0, rowsWritten: 0 },
    );
}
