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

/** The row of a restore point from a bookmark and what the database was then. */
async function pointRow(db: Database, kind: BackupKind, reason: string, bookmark: string, at: Date) {
  // max(id) reads one row of the index: D1 bills rows read, so the tables are not counted here
  const [history] = await db.all<{ n: number }>(
    sql`SELECT coalesce(max(id), 0) AS n FROM lead_history`,
  ).catch(() => [{ n: 0 }]);
  const schema = await schemaOf(db);
  return {
    kind,
    reason,
    bookmark,
    at: at.toISOString(),
    counts: '{}',
    historyMaxId: history?.n ?? 0,
    schemaApplied: schema.applied,
    schemaLatestWhen: schema.latestWhen,
  };
}

async function schemaOf(db: Database): Promise<SchemaLevel> {
  const [has] = await db.all<{ n: number }>(sql.raw(HAS_MIGRATIONS_SQL));
  if (!has?.n) return { applied: 0, latestWhen: 0 };
  const [level] = await db.all<SchemaLevel>(sql.raw(SCHEMA_LEVEL_SQL));
  return level ?? { applied: 0, latestWhen: 0 };
}

async function uniqueName(db: Database, at: Date, kind: BackupKind): Promise<string> {
  const base = `${at.toISOString().slice(0, 19).replace(/:/g, '')}Z-${kind}`;
  const taken = new Set(
    (
      await db.orm
        .select({ name: backupPoints.name })
        .from(backupPoints)
        .where(sql`${backupPoints.name} = ${base} OR ${backupPoints.name} LIKE ${`${base}-%`}`)
        .all()
    ).map((row) => row.name),
  );
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(name)) return name;
  }
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
  const row = await pointRow(db, kind, reason, bookmark, at);
  return async () => {
    await db.orm
      .insert(backupPoints)
      .values({ ...row, name: await uniqueName(db, at, kind) })
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

  async function record(kind: BackupKind, reason: string): Promise<EnginePoint> {
    const at = new Date();
    const row = { ...(await pointRow(db, kind, reason, await api.bookmark(), at)), name: await uniqueName(db, at, kind) };
    await orm.insert(backupPoints).values(row).run();
    return toPoint(row);
  }

  return {
    engine: 'd1',

    async point(kind, reason) {
      return { point: await record(kind, reason), unchanged: false };
    },

    async points() {
      return (await orm.select().from(backupPoints).orderBy(desc(backupPoints.at), desc(backupPoints.name)).all()).map(
        toPoint,
      );
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
