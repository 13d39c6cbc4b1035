import type BetterSqlite3 from 'better-sqlite3';
import type { QueryUsage } from '../queryUsage';

/**
 * Counts the rows every statement of this connection returns and changes. SQLite does not
 * tell how many rows a query scanned, so "read" here means rows returned.
 */
export function countRows(client: BetterSqlite3.Database, usage: QueryUsage): void {
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    const statement = prepare(source);
    const all = statement.all.bind(statement);
    const get = statement.get.bind(statement);
    const run = statement.run.bind(statement);
    // a write with RETURNING answers the rows it wrote
    const count = statement.readonly ? usage.read : usage.written;
    statement.all = ((...params: unknown[]) => {
      const rows = all(...params);
      count(rows.length);
      return rows;
    }) as typeof statement.all;
    statement.get = ((...params: unknown[]) => {
      const row = get(...params);
      if (row !== undefined) count(1);
      return row;
    }) as typeof statement.get;
    statement.run = ((...params: unknown[]) => {
      const info = run(...params);
      usage.written(info.changes);
      return info;
    }) as typeof statement.run;
    return statement;
  }) as typeof client.prepare;
}
