import type { D1Settings } from '../../config/loadConfig';
import { DatabaseUnavailableError } from '../databaseUnavailable';
import { fetchWithRetry } from './fetchWithRetry';
import type { RetryPolicy } from '../../http/retryPolicy';
import { D1_RETRY_POLICY } from './retryPolicy';

/** What D1 tells about each statement it ran (external-apis.md section c). */
export interface D1Meta {
  changes: number;
  duration: number;
  rows_read: number;
  rows_written: number;
  size_after?: number;
  last_row_id?: number;
  changed_db?: boolean;
}

export type D1Value = string | number | null | number[];
export interface D1Query {
  sql: string;
  params: D1Value[];
}

/** /query answers rows as objects, /raw as columns and arrays (the shape Drizzle maps by position). */
export interface D1Results {
  objects: Record<string, unknown>[];
  rows: { columns: string[]; rows: unknown[][] };
}

export interface D1StatementResult<R> {
  success: boolean;
  results: R;
  meta: D1Meta;
}

interface Envelope<T> {
  success: boolean;
  errors: { code: number; message: string }[];
  messages: unknown[];
  result: T | null;
}

export interface D1DatabaseInfo {
  uuid: string;
  name: string;
  version?: string;
  created_at?: string;
  /** bytes */
  file_size: number;
  num_tables?: number;
}

/** A restore's answer (POST …/time_travel/restore): the new bookmark, and the one before it, to undo it with. */
export interface D1RestoreResult {
  bookmark: string;
  previous_bookmark: string;
  message: string;
}

/** One poll of an export (POST …/export, output_format polling). */
export type D1ExportPoll = {
  success: true;
  type: 'export';
  at_bookmark: string;
  messages: string[];
  error?: string;
} & (
  { status: 'active' | 'error' } | { status: 'complete'; result: { filename: string; signed_url: string } }
);

/** A poll of an export D1 does not know (or could not run), inside the envelope. */
export interface D1ExportPollFailure {
  success: false;
  error: string;
}

/** A statement D1 refused (bad SQL, a constraint): a fault of this server, not of the service. */
export class D1QueryError extends Error {
  constructor(
    message: string,
    readonly codes: number[],
  ) {
    super(message);
    this.name = 'D1QueryError';
  }
}

/** D1 limits a REST call to 30 s; a call that takes longer is not coming back. */
const CALL_TIMEOUT_MS = 40_000;

export interface D1ApiOptions {
  retry?: RetryPolicy;
  /** Called with the meta of every statement D1 ran (usage counting). */
  onStatement?: (meta: D1Meta) => void;
}

/**
 * Cloudflare's REST API for one D1 database: `/query` and `/raw` (one statement, or a batch
 * that D1 runs as one transaction), the database's details, and the GraphQL analytics.
 */
export function createD1Api(settings: D1Settings, options: D1ApiOptions = {}) {
  const retry = options.retry ?? D1_RETRY_POLICY;
  const databaseUrl = `${settings.apiRoot}/accounts/${encodeURIComponent(settings.accountId)}/d1/database/${encodeURIComponent(settings.databaseId)}`;
  const headers = { authorization: `Bearer ${settings.apiToken}`, 'content-type': 'application/json' };

  async function call<T>(url: string, init: RequestInit, what: string): Promise<T> {
    const response = await fetchWithRetry(
      () => fetch(url, { ...init, headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
      retry,
      what,
    );
    const text = await response.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new DatabaseUnavailableError(
        `${what} answered HTTP ${response.status} with something that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      const detail = body.errors?.map((error) => error.message).join('; ');
      throw new DatabaseUnavailableError(
        `${what} refused D1_API_TOKEN (HTTP ${response.status}${detail ? `: ${detail}` : ''}).`,
      );
    }
    if (!response.ok || !body.success || body.result === null) {
      const errors = body.errors ?? [];
      throw new D1QueryError(
        `${what} failed (HTTP ${response.status}): ${errors.map((error) => error.message).join('; ') || 'no reason given'}`,
        errors.map((error) => error.code),
      );
    }
    return body.result;
  }

  return {
    /** Runs the statements in one call, as one transaction when there are several. */
    async query<F extends keyof D1Results>(
      statements: D1Query[],
      format: F,
    ): Promise<D1StatementResult<D1Results[F]>[]> {
      const body = statements.length === 1 ? statements[0] : { batch: statements };
      const results = await call<D1StatementResult<D1Results[F]>[]>(
        `${databaseUrl}/${format === 'rows' ? 'raw' : 'query'}`,
        { method: 'POST', body: JSON.stringify(body) },
        'Cloudflare D1',
      );
      for (const result of results) options.onStatement?.(result.meta);
      return results;
    },

    /**
     * Time Travel: the bookmark of the database now, or of its state at `timestamp`
     * (GET …/time_travel/bookmark?timestamp=ISO 8601).
     */
    async bookmark(timestamp?: Date): Promise<string> {
      const query = timestamp ? `?${new URLSearchParams({ timestamp: timestamp.toISOString() })}` : '';
      const result = await call<{ bookmark: string }>(
        `${databaseUrl}/time_travel/bookmark${query}`,
        { method: 'GET' },
        'Cloudflare D1 Time Travel',
      );
      return result.bookmark;
    },

    /** Time Travel: puts the database back to a bookmark or a time (POST …/time_travel/restore). */
    async restore(to: { bookmark: string } | { timestamp: Date }): Promise<D1RestoreResult> {
      const query = new URLSearchParams(
        'bookmark' in to ? { bookmark: to.bookmark } : { timestamp: to.timestamp.toISOString() },
      );
      return call<D1RestoreResult>(
        `${databaseUrl}/time_travel/restore?${query}`,
        { method: 'POST' },
        'Cloudflare D1 Time Travel',
      );
    },

    /** One poll of a whole-database SQL export (POST …/export); `at_bookmark` of the first answer continues it. */
    async exportPoll(currentBookmark?: string): Promise<D1ExportPoll | D1ExportPollFailure> {
      return call<D1ExportPoll | D1ExportPollFailure>(
        `${databaseUrl}/export`,
        {
          method: 'POST',
          body: JSON.stringify({
            output_format: 'polling',
            ...(currentBookmark ? { current_bookmark: currentBookmark } : {}),
          }),
        },
        'Cloudflare D1 export',
      );
    },

    /** The database's name and size (GET …/d1/database/{id}). */
    async info(): Promise<D1DatabaseInfo> {
      return call<D1DatabaseInfo>(databaseUrl, { method: 'GET' }, 'Cloudflare D1');
    },

    /** A query of Cloudflare's GraphQL analytics API. */
    async analytics<T>(query: string, variables: Record<string, unknown>): Promise<T> {
      const response = await fetchWithRetry(
        () =>
          fetch(`${settings.apiRoot}/graphql`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ query, variables }),
            signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          }),
        retry,
        "Cloudflare's analytics API",
      );
      const body = (await response.json().catch(() => null)) as {
        data?: T | null;
        errors?: { message: string }[] | null;
      } | null;
      if (!response.ok || !body?.data || (body.errors && body.errors.length > 0)) {
        const reasons = body?.errors?.map((error) => error.message).join('; ');
        const hint =
          response.status === 401 || response.status === 403
            ? ' (D1_API_TOKEN needs the Account Analytics: Read permission)'
            : '';
        throw new DatabaseUnavailableError(
          `Cloudflare's analytics API answered HTTP ${response.status}${reasons ? `: ${reasons}` : ''}${hint}.`,
        );
      }
      return body.data;
    },
  };
}

export type D1Api = ReturnType<typeof createD1Api>;
