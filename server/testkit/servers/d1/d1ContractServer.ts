import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createD1Analytics } from './d1Analytics';
import { limitBroken } from './d1Limits';
import { createD1TimeTravel, TimeTravelRefusal } from './d1TimeTravel';
import { startMiniflareD1, type ResultsFormat } from './miniflareD1';

/** One call the server received. */
export interface D1Call {
  kind: 'query' | 'raw' | 'info' | 'graphql' | 'time-travel' | 'export';
  /** The SQL of each statement (empty for info and graphql). */
  sql: string[];
}

/** A failure the server answers instead of doing the call, while `when` matches (`times` calls). */
export interface D1Fault {
  when: (call: D1Call, index: number) => boolean;
  status: number;
  retryAfter?: string;
  times?: number;
  /** The call is run, then answered with the failure: the answer was lost on its way back. */
  lostAnswer?: boolean;
}

export const D1_TEST_ACCOUNT = {
  accountId: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  databaseId: '5f0c7f4e-2b8d-4c1a-9e3f-7a6b5c4d3e21',
  databaseName: 'auditdesk-test',
  apiToken: 'd1-test-token-with-d1-edit-and-analytics-read',
};

/** Where Cloudflare's API hangs on its host (D1_API_ROOT ends with it). */
const API_PREFIX = '/client/v4';

interface Envelope {
  success: boolean;
  errors: { code: number; message: string }[];
  messages: unknown[];
  result: unknown;
}

const envelope = (result: unknown): Envelope => ({ success: true, errors: [], messages: [], result });
const failure = (code: number, message: string): Envelope => ({
  success: false,
  errors: [{ code, message }],
  messages: [],
  result: null,
});

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A local stand-in for Cloudflare's API over a real D1 engine (Miniflare): the documented
 * REST contract (`POST …/d1/database/{id}/query` and `/raw` with one statement or a `batch`,
 * `GET …/d1/database/{id}`, the `{ success, errors, messages, result }` envelope with each
 * statement's meta), D1's per-statement limits, Bearer tokens, and `POST /graphql` answering
 * the d1AnalyticsAdaptiveGroups dataset from the rows it counted, Time Travel
 * (`GET …/time_travel/bookmark[?timestamp=]`, `POST …/time_travel/restore?bookmark=|timestamp=`
 * answering `previous_bookmark`, over real snapshots of its database: d1TimeTravel.ts) and the
 * polled SQL export (`POST …/export`). It records every call and can be told to fail some.
 */
export async function startD1ContractServer(account = D1_TEST_ACCOUNT) {
  const engine = await startMiniflareD1();
  const timeTravel = createD1TimeTravel(engine);
  /** Exports under way: the bookmark each one reads, by the bookmark its first poll answered. */
  const exports = new Map<
    string,
    { dump: string[]; polls: number; lastPollAt: number; cancelled: boolean }
  >();
  /** How many polls after the first an export takes, and how long it waits for the next poll. */
  const exportSettings = { polls: 2, abandonMs: 60_000 };
  const analytics = createD1Analytics(account.databaseId);
  const calls: D1Call[] = [];
  let faults: D1Fault[] = [];
  const watchers = new Set<(call: D1Call) => void>();
  const databasePath = `${API_PREFIX}/accounts/${account.accountId}/d1/database/${account.databaseId}`;

  const send = (
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  const answerNobodyHears = {
    writeHead: () => undefined,
    end: () => undefined,
  } as unknown as http.ServerResponse;

  async function runStatements(
    kind: 'query' | 'raw',
    body: unknown,
    response: http.ServerResponse,
    call: D1Call,
  ) {
    const parsed = body as { sql?: unknown; params?: unknown; batch?: unknown };
    const list = Array.isArray(parsed?.batch) ? parsed.batch : [parsed];
    const statements = (list as { sql?: unknown; params?: unknown }[]).map((item) => ({
      sql: typeof item?.sql === 'string' ? item.sql : '',
      params: Array.isArray(item?.params) ? (item.params as unknown[]) : [],
    }));
    call.sql = statements.map((statement) => statement.sql);
    if (statements.length === 0 || statements.some((statement) => !statement.sql.trim()))
      return send(
        response,
        400,
        failure(7400, 'The request is malformed: expected sql or a non-empty batch.'),
      );
    for (const statement of statements) {
      const broken = limitBroken(statement);
      if (broken) return send(response, 400, failure(7500, broken));
    }
    const format: ResultsFormat = kind === 'raw' ? 'ROWS_AND_COLUMNS' : 'ARRAY_OF_OBJECTS';
    try {
      const results = await engine.execute(statements, format);
      for (const result of results) analytics.record(result.meta);
      if (results.some((result) => result.meta.changed_db || result.meta.rows_written > 0))
        await timeTravel.written();
      return send(
        response,
        200,
        envelope(
          results.map((result) => ({
            ...result,
            meta: { ...result.meta, timings: { sql_duration_ms: result.meta.duration } },
          })),
        ),
      );
    } catch (error) {
      return send(response, 400, failure(7500, error instanceof Error ? error.message : String(error)));
    }
  }

  async function databaseInfo(response: http.ServerResponse) {
    const tables = await engine.userTables();
    return send(
      response,
      200,
      envelope({
        uuid: account.databaseId,
        name: account.databaseName,
        version: 'production',
        created_at: '2026-01-05T09:30:00.000Z',
        file_size: await engine.size(),
        num_tables: tables.length,
        read_replication: { mode: 'disabled' },
      }),
    );
  }

  /** GET …/time_travel/bookmark and POST …/time_travel/restore, as Cloudflare documents them. */
  async function timeTravelCall(method: string, url: URL, response: http.ServerResponse) {
    try {
      if (method === 'GET')
        return send(
          response,
          200,
          envelope({ bookmark: await timeTravel.bookmark(url.searchParams.get('timestamp')) }),
        );
      return send(
        response,
        200,
        envelope(
          await timeTravel.restore({
            bookmark: url.searchParams.get('bookmark'),
            timestamp: url.searchParams.get('timestamp'),
          }),
        ),
      );
    } catch (error) {
      if (error instanceof TimeTravelRefusal)
        return send(response, error.status, failure(7500, error.message));
      throw error;
    }
  }

  /**
   * POST …/export with output_format polling, as Cloudflare documents it (the answer in the
   * envelope's `result`: `at_bookmark`, `status` active | complete | error, the log lines since
   * the last poll in `messages`, and once complete `result: { filename, signed_url }`). The
   * first poll fixes the state it exports (its bookmark); each poll with that bookmark as
   * `current_bookmark` moves it on, complete after `exportPolls` of them. An export no one
   * polls for `exportAbandonMs` is cancelled ("must be continually polled or will
   * automatically cancel"). The dump is served at its signed URL for an hour, without the token.
   */
  async function exportCall(body: unknown, response: http.ServerResponse) {
    const { output_format: format, current_bookmark: current } = (body ?? {}) as {
      output_format?: string;
      current_bookmark?: string;
    };
    if (format !== 'polling') return send(response, 400, failure(7400, 'output_format must be polling.'));
    const answer = (
      bookmark: string,
      status: 'active' | 'complete' | 'error',
      messages: string[],
      extra = {},
    ) =>
      send(
        response,
        200,
        envelope({
          success: true,
          type: 'export',
          at_bookmark: bookmark,
          status,
          messages,
          error: '',
          ...extra,
        }),
      );
    if (!current) {
      const state = await timeTravel.keepNow();
      exports.set(state.bookmark, { dump: state.dump, polls: 0, lastPollAt: Date.now(), cancelled: false });
      return answer(state.bookmark, 'active', ['Generating export']);
    }
    const running = exports.get(current);
    // Cloudflare's own answer to a poll of an export it does not know (wrangler's PollingFailure)
    if (!running)
      return send(
        response,
        200,
        envelope({ success: false, error: `No export of ${current} is under way.` }),
      );
    if (running.cancelled || Date.now() - running.lastPollAt > exportSettings.abandonMs) {
      running.cancelled = true;
      return answer(current, 'error', [], { error: 'The export was cancelled: it was not polled.' });
    }
    running.polls += 1;
    running.lastPollAt = Date.now();
    if (running.polls < exportSettings.polls)
      return answer(current, 'active', [`Uploaded part ${running.polls}`]);
    const filename = `${account.databaseId}-${current}.sql`;
    return answer(current, 'complete', ['Export complete'], {
      result: { filename, signed_url: `${origin}/exports/${encodeURIComponent(current)}?X-Amz-Expires=3600` },
    });
  }

  function graphql(body: unknown, response: http.ServerResponse) {
    const { query, variables } = (body ?? {}) as { query?: string; variables?: Record<string, string> };
    if (typeof query !== 'string' || !query.includes('d1AnalyticsAdaptiveGroups'))
      return send(response, 200, {
        data: null,
        errors: [{ message: 'this server answers d1AnalyticsAdaptiveGroups only' }],
      });
    const accounts =
      variables?.accountTag === account.accountId
        ? [
            {
              d1AnalyticsAdaptiveGroups: analytics.groups({
                start: variables.start,
                end: variables.end,
                databaseId: variables.databaseId,
              }),
            },
          ]
        : [];
    return send(response, 200, { data: { viewer: { accounts } }, errors: null });
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://d1.local');
      const path = url.pathname.replace(/\/+$/, '');
      const kind: D1Call['kind'] | null =
        request.method === 'POST' && path === `${databasePath}/query`
          ? 'query'
          : request.method === 'POST' && path === `${databasePath}/raw`
            ? 'raw'
            : request.method === 'GET' && path === databasePath
              ? 'info'
              : request.method === 'POST' && path === `${API_PREFIX}/graphql`
                ? 'graphql'
                : (request.method === 'GET' && path === `${databasePath}/time_travel/bookmark`) ||
                    (request.method === 'POST' && path === `${databasePath}/time_travel/restore`)
                  ? 'time-travel'
                  : request.method === 'POST' && path === `${databasePath}/export`
                    ? 'export'
                    : null;
      const text = await readBody(request);
      // an export's dump, by its signed URL (no token: the URL is the secret, as a presigned one)
      if (request.method === 'GET' && path.startsWith('/exports/')) {
        const running = exports.get(decodeURIComponent(path.slice('/exports/'.length)));
        if (!running || running.polls < exportSettings.polls)
          return send(response, 404, failure(7404, 'No such export.'));
        response.writeHead(200, { 'content-type': 'application/sql' });
        return response.end(`${running.dump.join('\n')}\n`);
      }
      if (!kind) {
        const detail = path.startsWith(`${API_PREFIX}/accounts/`)
          ? 'The database could not be found.'
          : 'No route for that URI.';
        return send(response, 404, failure(7404, detail));
      }
      if (request.headers.authorization !== `Bearer ${account.apiToken}`)
        return send(response, 403, failure(10000, 'Authentication error'));
      const call: D1Call = { kind, sql: [] };
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        return send(response, 400, failure(7400, 'The request body is not JSON.'));
      }
      if (kind === 'query' || kind === 'raw') {
        const parsed = body as { sql?: string; batch?: { sql?: string }[] } | null;
        call.sql = Array.isArray(parsed?.batch)
          ? parsed.batch.map((item) => String(item?.sql))
          : [String(parsed?.sql)];
      }
      const index = calls.length;
      calls.push(call);
      for (const watcher of watchers) watcher(call);
      const fault = faults.find((candidate) => candidate.when(call, index));
      if (fault) {
        if (fault.times !== undefined && --fault.times <= 0)
          faults = faults.filter((other) => other !== fault);
        if (fault.lostAnswer && (kind === 'query' || kind === 'raw'))
          await runStatements(kind, body, answerNobodyHears, call);
        return send(
          response,
          fault.status,
          failure(
            fault.status === 429 ? 971 : 7500,
            fault.status === 429
              ? 'Please wait and consider throttling your request speed'
              : 'Internal error',
          ),
          fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
        );
      }
      if (kind === 'info') return databaseInfo(response);
      if (kind === 'time-travel') return timeTravelCall(request.method!, url, response);
      if (kind === 'export') return exportCall(body, response);
      if (kind === 'graphql') return graphql(body, response);
      return runStatements(kind, body, response, call);
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, failure(7500, String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiRoot = `${origin}${API_PREFIX}`;

  return {
    account,
    engine,
    analytics,
    /** Time Travel's kept states (a test that restores to arbitrary times keeps every write). */
    timeTravel,
    /** Every call received since the start or the last reset, in order. */
    calls,
    /** The settings a server needs to use this database. */
    env(): Record<string, string> {
      return {
        DATABASE: 'd1',
        D1_ACCOUNT_ID: account.accountId,
        D1_DATABASE_ID: account.databaseId,
        D1_API_TOKEN: account.apiToken,
        D1_API_ROOT: apiRoot,
      };
    },
    apiRoot,
    /** How an export runs: polls after the first until it is complete; how long it waits for a poll. */
    exportSettings,
    fail(fault: D1Fault) {
      faults.push(fault);
    },
    /** Calls `listener` with every call as it arrives, until the returned function is called. */
    watch(listener: (call: D1Call) => void): () => void {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    clearFaults() {
      faults = [];
    },
    /** A fresh database: no tables, no calls, no analytics, no faults. */
    async reset() {
      await engine.reset();
      timeTravel.reset();
      exports.clear();
      Object.assign(exportSettings, { polls: 2, abandonMs: 60_000 });
      calls.length = 0;
      analytics.reset();
      faults = [];
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await engine.dispose();
    },
  };
}

export type D1ContractServer = Awaited<ReturnType<typeof startD1ContractServer>>;
