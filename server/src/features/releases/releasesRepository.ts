import type { RemoteName } from '@auditdesk/shared/core';
import { and, desc, eq, gte, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { releaseChanges, remoteLoads, remoteReleases, type ReleaseChangeRow } from '../../platform/db/schema';

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
  action: ReleaseChangeRow['action'];
  fromVersion: string | null;
  toVersion: string | null;
  by: string;
}

export interface LoadCounts {
  pageLoads: number;
  loadFailures: number;
}

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

    /** Each remote's newest change: what is live. */
    async liveChanges(): Promise<ReleaseChangeRow[]> {
      const newest = orm
        .select({ id: max(releaseChanges.id) })
        .from(releaseChanges)
        .groupBy(releaseChanges.remote);
      return orm.select().from(releaseChanges).where(inArray(releaseChanges.id, newest)).all();
    },

    /**
     * Records a change only if `fromVersion` is still what is live: of two admins promoting at
     * once, the second is told instead of recording a "from" that was never live.
     */
    async change(entry: NewChange): Promise<boolean> {
      const [changed] = await db.batch([
        sql`INSERT INTO release_changes (remote, action, from_version, to_version, by)
          SELECT ${entry.remote}, ${entry.action}, ${entry.fromVersion}, ${entry.toVersion}, ${entry.by}
          WHERE (SELECT to_version FROM release_changes WHERE remote = ${entry.remote}
                 ORDER BY id DESC LIMIT 1) IS ${entry.fromVersion}`,
      ]);
      return changed === 1;
    },

    /** A page load (no phase) or a failed load, pruning the reports past their keep. */
    async addLoad(entry: {
      remote: RemoteName;
      version: string | null;
      userId: number;
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
        }),
      ]);
    },

    /** Page loads and failed loads per "remote version" since `since`. */
    async loadCounts(since: Date): Promise<Map<string, LoadCounts>> {
      const rows = await orm
        .select({
          remote: remoteLoads.remote,
          version: remoteLoads.version,
          pageLoads: sql<number>`sum(${remoteLoads.phase} IS NULL)`,
          loadFailures: sql<number>`sum(${remoteLoads.phase} IS NOT NULL)`,
        })
        .from(remoteLoads)
        .where(and(gte(remoteLoads.at, since.toISOString()), isNotNull(remoteLoads.version)))
        .groupBy(remoteLoads.remote, remoteLoads.version)
        .all();
      return new Map(
        rows.map((row) => [
          `${row.remote} ${row.version}`,
          { pageLoads: Number(row.pageLoads), loadFailures: Number(row.loadFailures) },
        ]),
      );
    },
  };
}

export type ReleasesRepository = ReturnType<typeof createReleasesRepository>;
