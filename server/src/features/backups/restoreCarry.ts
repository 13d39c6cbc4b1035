import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { INTERRUPTED_BY_RESTORE } from './backupMessages';

type Row = Record<string, unknown>;

/**
 * What belongs to the present, not to the point restored, read just before a restore and put
 * into the restored database:
 * - the sign-ins of now (sessions and their live refresh tokens), for the people the restored
 *   database has under the same id and e-mail: nobody is signed out by a restore, and no
 *   sign-in that was ended after the point comes back;
 * - the restore points (D1's bookmarks) and the record of restores, so going back loses none;
 * - each data set's version, moved past both, so no cached answer or ETag of before is served.
 */
export async function readPresent(db: Database) {
  const [users, sessions, tokens, points, restores, versions] = await Promise.all([
    db.all<Row>(sql`SELECT id, email FROM users`),
    db.all<Row>(
      sql`SELECT * FROM sessions WHERE revoked_at IS NULL AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    ),
    db.all<Row>(
      sql`SELECT * FROM refresh_tokens WHERE revoked_at IS NULL AND used_at IS NULL AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    ),
    db.all<Row>(sql`SELECT * FROM backup_points`),
    db.all<Row>(sql`SELECT * FROM backup_restores`),
    db.all<{ name: string; version: number }>(sql`SELECT name, version FROM data_versions`),
  ]);
  return { users, sessions, tokens, points, restores, versions };
}

export type Present = Awaited<ReturnType<typeof readPresent>>;

function insertRow(table: string, row: Row, conflict: 'IGNORE' | 'REPLACE' = 'IGNORE'): SQL {
  const columns = Object.keys(row);
  return sql.join(
    [
      sql.raw(
        `INSERT OR ${conflict} INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (`,
      ),
      sql.join(
        columns.map((column) => sql`${row[column] as string | number | null}`),
        sql`, `,
      ),
      sql.raw(')'),
    ],
    sql``,
  );
}

/** Puts the present into the restored database (one batch), and fails the runs that were running at the point. */
export async function carryPresent(db: Database, present: Present): Promise<void> {
  const restoredUsers = await db.all<Row>(sql`SELECT id, email FROM users`);
  const sameUser = new Set(
    restoredUsers
      .filter((user) => present.users.some((now) => now.id === user.id && now.email === user.email))
      .map((user) => user.id),
  );
  const restoredVersions = new Map(
    (await db.all<{ name: string; version: number }>(sql`SELECT name, version FROM data_versions`)).map(
      (row) => [row.name, row.version],
    ),
  );
  const versionNames = new Set([...restoredVersions.keys(), ...present.versions.map((row) => row.name)]);
  const statements: SQL[] = [
    sql`DELETE FROM refresh_tokens`,
    sql`DELETE FROM sessions`,
    ...present.sessions.filter((row) => sameUser.has(row.user_id)).map((row) => insertRow('sessions', row)),
    ...present.tokens
      .filter((row) => sameUser.has(row.user_id))
      .map((row) => insertRow('refresh_tokens', row)),
    ...present.points.map((row) => insertRow('backup_points', row)),
    ...present.restores.map((row) => insertRow('backup_restores', row)),
    ...[...versionNames].map((name) => {
      const version =
        Math.max(
          restoredVersions.get(name) ?? 0,
          present.versions.find((row) => row.name === name)?.version ?? 0,
        ) + 1;
      return sql`INSERT INTO data_versions (name, version) VALUES (${name}, ${version})
        ON CONFLICT(name) DO UPDATE SET version = excluded.version`;
    }),
    sql`UPDATE sync_runs SET status = 'failed', finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), message = ${INTERRUPTED_BY_RESTORE}
      WHERE status = 'running'`,
  ];
  await db.batch(statements);
}
