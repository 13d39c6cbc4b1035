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
    /** The whole database as SQL statements (Miniflare's export: what `wrangler d1 export` writes). */
    async dump(): Promise<string[]> {
      const db = await mf.getD1Database('DB');
      const [statements] = await db
        .prepare('PRAGMA miniflare_d1_export(?,?,?);')
        .bind(false, false)
        .raw<string>();
      return (statements ?? []) as unknown as string[];
    },
    /**
     * Replaces the whole database with a dump's: every table dropped, the dump run as one
     * transaction, its tables made before any row goes in (the export lists a table's rows after
     * it, and a table rebuilt by a migration comes after the tables that refer to it: D1 has no
     * `foreign_keys = OFF`, only deferred checks, which still need the table).
     */
    async load(dump: string[]): Promise<void> {
      const tables = await userTables();
      const isTable = (statement: string) => /^CREATE TABLE/i.test(statement);
      const isRow = (statement: string) =>
        /^INSERT INTO/i.test(statement) && !/^INSERT INTO "sqlite_sequence"/i.test(statement);
      await execute([
        { sql: 'PRAGMA defer_foreign_keys = ON' },
        ...tables.map((name) => ({ sql: `DROP TABLE "${name.replace(/"/g, '""')}"` })),
        ...dump.filter(isTable).map((statement) => ({ sql: statement })),
        ...dump.filter(isRow).map((statement) => ({ sql: statement })),
        ...dump
          .filter((statement) => !isTable(statement) && !isRow(statement) && !/^PRAGMA/i.test(statement))
          .map((statement) => ({ sql: statement })),
      ]);
    },
    dispose: () => mf.dispose(),
  };
}

export type MiniflareD1 = Awaited<ReturnType<typeof startMiniflareD1>>;
