import { Miniflare } from 'miniflare';

/** A statement's answer from Cloudflare's D1 engine: rows as objects or as columns + arrays. */
export interface EngineResult {
  success: true;
  results: unknown;
  meta: Record<string, unknown> & {
    rows_read: number;
    rows_written: number;
    changes: number;
    size_after: number;
  };
}

export type ResultsFormat = 'ARRAY_OF_OBJECTS' | 'ROWS_AND_COLUMNS';

/**
 * The worker only hands the body to the D1 binding's backend, the database object that
 * runs D1 in workerd: an array of statements runs there as one transaction and answers each
 * statement's rows and meta, as Cloudflare's REST API does.
 */
const WORKER = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    return env.DB.fetcher.fetch('http://d1' + url.pathname + url.search, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await request.text(),
    });
  },
};`;

/** One D1 database of Cloudflare's own engine (workerd via Miniflare), in memory. */
export async function startMiniflareD1() {
  const mf = new Miniflare({ modules: true, script: WORKER, d1Databases: { DB: 'auditdesk-test' } });
  await mf.ready;

  /** Runs the statements as one transaction; throws the engine's message when one fails. */
  async function execute(
    statements: { sql: string; params?: unknown[] }[],
    format: ResultsFormat = 'ARRAY_OF_OBJECTS',
  ): Promise<EngineResult[]> {
    const response = await mf.dispatchFetch(`http://d1/query?resultsFormat=${format}`, {
      method: 'POST',
      body: JSON.stringify(statements.map(({ sql, params }) => ({ sql, params: params ?? [] }))),
    });
    const body = (await response.json()) as EngineResult[] | { success: false; error: string };
    if (!Array.isArray(body)) throw new Error(body.error);
    return body;
  }

  /** The tables a test made (D1's own _cf_ tables stay). */
  async function userTables(): Promise<string[]> {
    const [result] = await execute([
      {
        sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
      },
    ]);
    return (result!.results as { name: string }[]).map((row) => row.name);
  }

  return {
    execute,
    userTables,
    /** The database's size in bytes now. */
    async size(): Promise<number> {
      const [result] = await execute([{ sql: 'SELECT 1' }]);
      return result!.meta.size_after;
    },
    /** Drops every table, as a fresh database has none. */
    async reset(): Promise<void> {
      const tables = await userTables();
      if (tables.length === 0) return;
      await execute([
        { sql: 'PRAGMA defer_foreign_keys = ON' },
        ...tables.map((name) => ({ sql: `DROP TABLE "${name.replace(/"/g, '""')}"` })),
      ]);
    },
    dispose: () => mf.dispose(),
  };
}

export type MiniflareD1 = Awaited<ReturnType<typeof startMiniflareD1>>;
