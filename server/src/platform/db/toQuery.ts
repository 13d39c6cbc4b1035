import { is, SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Statement } from './database';

const dialect = new SQLiteSyncDialect();

/** The SQL text and bound parameters of a statement, as either engine receives them. */
export function toQuery(statement: Statement): { sql: string; params: unknown[] } {
  if (is(statement, SQL)) {
    const { sql, params } = dialect.sqlToQuery(statement);
    return { sql, params };
  }
  const { sql, params } = (statement as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  return { sql, params };
}
