import { executeBody, syncHistoryPage, syncHistoryQuery, syncResult, syncStatus } from '../sync';
import { taggedIo, type IoTable } from './operation';
import type { syncOperations } from './syncOperations';

export const syncIo = taggedIo('Sync', {
  syncExecute: {
    summary: 'Run one sync over a date range; answers when it ends',
    description:
      'Only the roles SYNC_ROLES names (Admin and Manager by default). `{ startDate, endDate }` (yyyy-mm-dd, PascalCase accepted; neither: the default window). Progress arrives over the hub meanwhile. 400 for a start after the end or more than 3 years; 409 with runningRunId while another run is on, on any instance; 503 while the shared lock (Redis) cannot be reached; 429 with Retry-After past RATE_LIMIT_SYNC_PER_USER runs an hour.',
    body: executeBody,
    response: { 200: syncResult },
  },
  syncStatus: {
    summary: 'Whether a sync runs, and the totals',
    description:
      'With the running run’s stage and when it is failed as stalled, and the roles that may start one.',
    response: { 200: syncStatus },
  },
  syncHistory: {
    summary: 'Past runs, newest first, a page at a time',
    description:
      '10 a page unless pageSize says otherwise (up to 100); each run with who started it and how long it took.',
    query: syncHistoryQuery,
    response: { 200: syncHistoryPage },
  },
} satisfies IoTable<typeof syncOperations>);
