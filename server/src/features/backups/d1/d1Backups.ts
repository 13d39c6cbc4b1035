import type { BackupKind } from '@auditdesk/shared/core';
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { D1Api } from '../../../platform/db/d1/d1Api';
import type { Database } from '../../../platform/db/database';
import {
  HAS_MIGRATIONS_SQL,
  newerSchemaProblem,
  SCHEMA_LEVEL_SQL,
  type SchemaLevel,
} from '../../../platform/db/migrationState';
import { backupPoints, type BackupPointRow } from '../../../platform/db/schema';
import { RestorePointNotFound, RestoreRefused, type BackupEngine, type EnginePoint } from '../backupEngine';

/** How far back Time Travel goes (Workers Paid; the Free plan keeps 7 days). */
export const TIME_TRAVEL_DAYS = 30;

const toPoint = (row: BackupPointRow): EnginePoint => ({
  name: row.name,
  kind: row.kind,
  reason: row.reason,
  at: row.at,
  sizeBytes: null,
  counts: JSON.parse(row.counts) as Record<string, number>,
  verification: `D1 Time Travel bookmark ${row.bookmark}`,
  encrypted: true,
  local: false,
  offsite: null,
  offsiteProblem: null,
  schema: { applied: row.schemaApplied, latestWhen: row.schemaLatestWhen },
  historyMaxId: row.historyMaxId,
});

/** What the database is at now, in one statement: its newest lead history entry and its schema. */
const STATE_NOW = sql`SELECT
  (SELECT coalesce(max(id), 0) FROM lead_history) AS historyMaxId,
  (SELECT count(*) FROM __drizzle_migrations) AS applied,
  (SELECT coalesce(max(created_at), 0) FROM __drizzle_migrations) AS latestWhen`;

/** A point's name: its time to the millisecond and its kind (2026-11-27T104233.512Z-import). */
const pointName = (at: Date, kind: BackupKind) => `${at.toISOString().replace(/:/g, '')}-${kind}`;

async function schemaOf(db: Database): Promise<SchemaLevel> {
  const [has] = await db.all<{ n: number }>(sql.raw(HAS_MIGRATIONS_SQL));
  if (!has?.n) return { applied: 0, latestWhen: 0 };
  const [level] = await db.all<SchemaLevel>(sql.raw(SCHEMA_LEVEL_SQL));
  return level ?? { applied: 0, latestWhen: 0 };
}

/**
 * The bookmark of now, read before migrations at start; answers what records it as a restore
 * point once the migrations made the table.
 */
export async function recordBookmark(
  db: Database,
  api: D1Api,
  kind: BackupKind,
  reason: string,
): Promise<() => Promise<void>> {
  const at = new Date();
  const bookmark = await api.bookmark();
  const [state] = await db.all<{ historyMaxId: number; applied: number; latestWhen: number }>(STATE_NOW);
  return async () => {
    await db.orm
      .insert(backupPoints)
      .values({
        name: pointName(at, kind),
        kind,
        reason,
        bookmark,
        at: at.toISOString(),
        historyMaxId: state?.historyMaxId ?? 0,
        schemaApplied: state?.applied ?? 0,
        schemaLatestWhen: state?.latestWhen ?? 0,
      })
      .run();
  };
}

/**
 * Backups on D1: Cloudflare keeps every minute of the last 30 days (Time Travel), so a restore
 * point is a bookmark recorded with its reason before each change one undo cannot take back,
 * and a restore is Time Travel's (to a recorded bookmark, or to any time).
 */
export function createD1Backups(db: Database, api: D1Api): BackupEngine {
  const { orm } = db;

  /** Two calls: the bookmark, and its row with what the database is at (D1 bills rows read: no table is counted). */
  async function record(kind: BackupKind, reason: string): Promise<EnginePoint> {
    const at = new Date();
    const bookmark = await api.bookmark();
    const [row] = await db.all<
      BackupPointRow & { history_max_id: number; schema_applied: number; schema_latest_when: number }
    >(
      sql`INSERT INTO backup_points (name, kind, reason, bookmark, at, counts, history_max_id, schema_applied, schema_latest_when)
        SELECT ${pointName(at, kind)}, ${kind}, ${reason}, ${bookmark}, ${at.toISOString()}, '{}', state.historyMaxId, state.applied, state.latestWhen
        FROM (${STATE_NOW}) AS state
        RETURNING *`,
    );
    return toPoint({
      ...row!,
      historyMaxId: row!.history_max_id,
      schemaApplied: row!.schema_applied,
      schemaLatestWhen: row!.schema_latest_when,
    });
  }

  return {
    engine: 'd1',

    async point(kind, reason) {
      return { point: await record(kind, reason), unchanged: false };
    },

    // a bookmark is Cloudflare's own: nothing is left to verify once it is recorded
    async pointBeforeChange(kind, reason) {
      const point = await record(kind, reason);
      return { verified: Promise.resolve({ point, unchanged: false }) };
    },

    resume: () => [],

    async points() {
      return (
        await orm.select().from(backupPoints).orderBy(desc(backupPoints.at), desc(backupPoints.name)).all()
      ).map(toPoint);
    },

    failed: async () => [],

    async prepare(target) {
      let point: EnginePoint;
      let to: { bookmark: string } | { timestamp: Date };
      if ('point' in target) {
        const row = await orm.select().from(backupPoints).where(eq(backupPoints.name, target.point)).get();
        if (!row) throw new RestorePointNotFound(`There is no restore point ${target.point}.`);
        const newer = newerSchemaProblem({ applied: row.schemaApplied, latestWhen: row.schemaLatestWhen });
        if (newer) throw new RestoreRefused(`${row.name} cannot be restored: ${newer}`);
        point = toPoint(row);
        to = { bookmark: row.bookmark };
      } else {
        const oldest = Date.now() - TIME_TRAVEL_DAYS * 86_400_000;
        if (target.at.getTime() < oldest || target.at.getTime() > Date.now())
          throw new RestoreRefused(
            `D1 restores to a time within the last ${TIME_TRAVEL_DAYS} days (Time Travel); ${target.at.toISOString()} is not.`,
          );
        // the recorded point at or before that time tells what the database was (for the page's counts)
        const before = await orm
          .select()
          .from(backupPoints)
          .where(lte(backupPoints.at, target.at.toISOString()))
          .orderBy(desc(backupPoints.at))
          .get();
        point = {
          name: target.at.toISOString(),
          kind: 'manual',
          reason: `The database as it was at ${target.at.toISOString()}`,
          at: target.at.toISOString(),
          sizeBytes: null,
          counts: {},
          verification: 'D1 Time Travel',
          encrypted: true,
          local: false,
          offsite: null,
          offsiteProblem: null,
          // its schema is known after the restore (checked then); the changes since, from the point before it
          schema: { applied: 0, latestWhen: 0 },
          historyMaxId: before?.historyMaxId ?? 0,
        };
        to = { timestamp: target.at };
      }
      return {
        point,
        async swap() {
          const result = await api.restore(to);
          // a time may name a database a newer release migrated: put it back at once, refused
          const restored = await schemaOf(db);
          const newer = newerSchemaProblem(restored);
          if (newer) {
            await api.restore({ bookmark: result.previous_bookmark });
            throw new RestoreRefused(`${point.name} cannot be restored: ${newer}`);
          }
          return db.migrate();
        },
        discard: async () => undefined,
      };
    },

    disk: async () => null,
    offsite: () => null,
    prune: async () => undefined,
    settled: async () => undefined,
    close: () => undefined,
  };
}
