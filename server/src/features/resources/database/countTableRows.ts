import { sql } from 'drizzle-orm';
import type { TablePurpose } from '@auditdesk/shared/core';
import type { Database } from '../../../platform/db/database';
import { tablePurpose } from './tablePurpose';

/** SQLite's and D1's own tables (sqlite_sequence, _cf_KV …) are not the app's. */
const APP_TABLES = sql`SELECT name FROM sqlite_master WHERE type = 'table'
  AND name NOT LIKE 'sqlite!_%' ESCAPE '!' AND name NOT LIKE '!_cf!_%' ESCAPE '!' ORDER BY name`;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The app's tables with their row counts, in two statements whatever their number (the
 * list, then every count as a column of one row: D1 allows few terms in a UNION). The first
 * is timed: the probe of how long a query of this server takes, the round trip included.
 */
export async function countTableRows(
  db: Database,
): Promise<{ tables: { name: string; rows: number; purpose: TablePurpose }[]; probeMs: number }> {
  const started = performance.now();
  const names = (await db.all<{ name: string }>(APP_TABLES)).map((row) => row.name);
  const probeMs = performance.now() - started;
  if (names.length === 0) return { tables: [], probeMs };
  const [counts] = await db.all<Record<string, number>>(
    sql.raw(`SELECT ${names.map((name, i) => `(SELECT count(*) FROM ${quoted(name)}) AS t${i}`).join(', ')}`),
  );
  return {
    tables: names.map((name, i) => ({ name, rows: counts?.[`t${i}`] ?? 0, purpose: tablePurpose(name) })),
    probeMs,
  };
}
