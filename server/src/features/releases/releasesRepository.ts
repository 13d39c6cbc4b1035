import { REMOTE_CRASH_PHASE, type RemoteName } from '@auditdesk/shared/core';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { releaseChanges, remoteLoads, remoteReleases, type ReleaseChangeRow } from '../../platform/db/schema';
import { NO_FIGURES, type Figures } from './stages/releaseWatch';

export interface NewRelease {
  remote: RemoteName;
  version: string;
  commit: string;
  builtAt: string;
  notes: string;
  manifest: string;
  sharedUsage: string | null;
}

export interface NewChange {
  remote: RemoteName;
  action: 'promote' | 'rollback';
  fromVersion: string | null;
  toVersion: string | null;
  by: string;
  /** Set when a promotion ends a stage ('everyone'). */
  audience?: string | null;
  /** Set when the watch rolls back by itself. */
  reason?: string | null;
}

export interface LoadCounts {
  pageLoads: number;
  loadFailures: number;
  errors: number;
}

/** The actions that change what is live (the others change a stage). */
export const LIVE_ACTIONS = sql.raw(`('promote', 'rollback')`);

/** The live version of a remote, as SQL: its newest promotion's or rollback's. */
export const liveVersionOf = (remote: RemoteName) =>
  sql`(SELECT to_version FROM release_changes WHERE remote = ${remote} AND action IN ${LIVE_ACTIONS}
       ORDER BY id DESC LIMIT 1)`;

/** Load reports are kept this long (the page shows the last 24 hours). */
const KEEP_LOADS_MS = 7 * 24 * 3600 * 1000;

const releaseColumns = {
  id: remoteReleases.id,
  remote: remoteReleases.remote,
  version: remoteReleases.version,
  commit: remoteReleases.commit,
  builtAt: remoteReleases.builtAt,
  notes: remoteReleases.notes,
  publishedAt: remoteReleases.publishedAt,
};

/** All SQL on remote_releases, release_changes and remote_loads. */
export function createReleasesRepository(db: Database) {
  const { orm } = db;

  return {
    /**
     * The next build number of a remote: one more than the highest so far. Pruned releases'
     * numbers are never given again, so a version always means one build.
     */
    async nextBuildNumber(remote: RemoteName): Promise<number> {
      const versions = await orm
        .select({ version: remoteReleases.version })
        .from(remoteReleases)
        .where(eq(remoteReleases.remote, remote))
        .all();
      const changed = await orm
        .select({ version: releaseChanges.toVersion })
        .from(releaseChanges)
        .where(eq(releaseChanges.remote, remote))
        .all();
      const numbers = [...versions, ...changed].map((entry) => Number(entry.version?.split('-').pop() ?? 0));
      return Math.max(0, ...numbers) + 1;
    },

    /** Adds a release; false when that version of the remote exists already. */
    async add(entry: NewRelease): Promise<boolean> {
      const rows = await orm.insert(remoteReleases).values(entry).onConflictDoNothing().returning().all();
      return rows.length === 1;
    },

    /** A remote's releases, newest first, with what the check reads. */
    async list(remote: RemoteName) {
      return orm
        .select(releaseColumns)
        .from(remoteReleases)
        .where(eq(remoteReleases.remote, remote))
        .orderBy(desc(remoteReleases.id))
        .all();
    },

    async all() {
      return orm.select(releaseColumns).from(remoteReleases).orderBy(desc(remoteReleases.id)).all();
    },

    async find(remote: RemoteName, version: string) {
      const [row] = await orm
        .select()
        .from(remoteReleases)
        .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)))
        .all();
      return row ?? null;
    },

    async remove(remote: RemoteName, versions: string[]): Promise<void> {
      if (versions.length === 0) return;
      await orm
        .delete(remoteReleases)
        .where(and(eq(remoteReleases.remote, remote), inArray(remoteReleases.version, versions)))
        .run();
    },

    /** Every change, newest first. */
    async changes(): Promise<ReleaseChangeRow[]> {
      return orm.select().from(releaseChanges).orderBy(desc(releaseChanges.id)).all();
    },

    /** Each remote's newest promotion or rollback: what is live. */
    async liveChanges(): Promise<ReleaseChangeRow[]> {
      const newest = orm
        .select({ id: max(releaseChanges.id) })
        .from(releaseChanges)
        .where(inArray(releaseChanges.action, ['promote', 'rollback']))
        .groupBy(releaseChanges.remote);
      return orm.select().from(releaseChanges).where(inArray(releaseChanges.id, newest)).all();
    },

    /**
     * Records a change only if `fromVersion` is still what is live: of two admins promoting at
     * once, the second is told instead of recording a "from" that was never live.
     */
    async change(entry: NewChange): Promise<boolean> {
      const [changed] = await db.batch([
        sql`INSERT INTO release_changes (remote, action, from_version, to_version, audience, reason, by)
          SELECT ${entry.remote}, ${entry.action}, ${entry.fromVersion}, ${entry.toVersion},
                 ${entry.audience ?? null}, ${entry.reason ?? null}, ${entry.by}
          WHERE ${liveVersionOf(entry.remote)} IS ${entry.fromVersion}`,
      ]);
      return changed === 1;
    },

    /** A page load (no phase), a failed load or a crash, pruning the reports past their keep. */
    async addLoad(entry: {
      remote: RemoteName;
      version: string | null;
      userId: number;
      tab?: string;
      failure?: {
        phase: NonNullable<(typeof remoteLoads.$inferInsert)['phase']>;
        error: string;
        route: string;
      };
    }): Promise<void> {
      const cutoff = new Date(Date.now() - KEEP_LOADS_MS).toISOString();
      await db.batch([
        orm.delete(remoteLoads).where(lt(remoteLoads.at, cutoff)),
        orm.insert(remoteLoads).values({
          remote: entry.remote,
          version: entry.version,
          userId: entry.userId,
          phase: entry.failure?.phase ?? null,
          error: entry.failure?.error ?? null,
          route: entry.failure?.route ?? null,
          tab: entry.tab ?? null,
        }),
      ]);
    },

    /** The release of each remote a tab loaded (its newest page load of it); null: not a release. */
    async tabReleases(tab: string): Promise<Map<RemoteName, string | null>> {
      const rows = await orm
        .select({ remote: remoteLoads.remote, version: remoteLoads.version })
        .from(remoteLoads)
        .where(and(eq(remoteLoads.tab, tab), isNull(remoteLoads.phase)))
        .orderBy(remoteLoads.id)
        .all();
      return new Map(rows.map((row) => [row.remote, row.version]));
    },

    /** One release's reports (null: the built-in or pinned build) since `since`. */
    async figures(remote: RemoteName, version: string | null, since: Date): Promise<Figures> {
      const rows = await orm
        .select({
          phase: remoteLoads.phase,
          route: remoteLoads.route,
          count: sql<number>`count(*)`,
        })
        .from(remoteLoads)
        .where(
          and(
            eq(remoteLoads.remote, remote),
            version === null ? isNull(remoteLoads.version) : eq(remoteLoads.version, version),
            gte(remoteLoads.at, since.toISOString()),
          ),
        )
        .groupBy(remoteLoads.phase, remoteLoads.route)
        .all();
      const figures: Figures = { ...NO_FIGURES, phases: {}, crashRoutes: [] };
      const crashes = new Map<string, number>();
      for (const row of rows) {
        const count = Number(row.count);
        if (row.phase === null) figures.pageLoads += count;
        else {
          figures.phases[row.phase] = (figures.phases[row.phase] ?? 0) + count;
          if (row.phase === REMOTE_CRASH_PHASE) {
            figures.errors += count;
            crashes.set(row.route ?? '', (crashes.get(row.route ?? '') ?? 0) + count);
          } else figures.loadFailures += count;
        }
      }
      figures.crashRoutes = [...crashes].sort(([, a], [, b]) => b - a).map(([route]) => route);
      return figures;
    },

    /** Page loads and failed loads per "remote version" since `since`. */
    async loadCounts(since: Date): Promise<Map<string, LoadCounts>> {
      const rows = await orm
        .select({
          remote: remoteLoads.remote,
          version: remoteLoads.version,
          pageLoads: sql<number>`sum(${remoteLoads.phase} IS NULL)`,
          loadFailures: sql<number>`sum(${remoteLoads.phase} IS NOT NULL AND ${remoteLoads.phase} <> ${REMOTE_CRASH_PHASE})`,
          errors: sql<number>`sum(${remoteLoads.phase} = ${REMOTE_CRASH_PHASE})`,
        })
        .from(remoteLoads)
        .where(and(gte(remoteLoads.at, since.toISOString()), isNotNull(remoteLoads.version)))
        .groupBy(remoteLoads.remote, remoteLoads.version)
        .all();
      return new Map(
        rows.map((row) => [
          `${row.remote} ${row.version}`,
          {
            pageLoads: Number(row.pageLoads),
            loadFailures: Number(row.loadFailures),
            errors: Number(row.errors),
          },
        ]),
      );
    },
  };
}

export type ReleasesRepository = ReturnType<typeof createReleasesRepository>;
