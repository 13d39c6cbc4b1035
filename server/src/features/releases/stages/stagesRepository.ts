import type { RemoteName } from '@auditdesk/shared/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { releasePreviews } from '../../../platform/db/schema';
import { LIVE_ACTIONS, liveVersionOf } from '../releasesRepository';

/** One row of the state read: a release, the live change, a stage or a preview. */
export interface StateRow {
  kind: 'release' | 'live' | 'stage' | 'preview';
  remote: RemoteName;
  version: string | null;
  /** release: its notes; live: the action; stage: its audience (JSON) */
  detail: string | null;
  /** live: the version before */
  fromVersion: string | null;
  /** live and stage: by whom; preview: the user id */
  who: string | null;
  /** live: when; stage: since when; preview: until when */
  at: string | null;
  /** stage: its id */
  id: number | null;
}

/** A stage as a change sees it before changing it: the change applies only if it is still so. */
export interface SeenStage {
  id: number;
  version: string;
  audience: string;
}

const stageStill = (seen: SeenStage) =>
  sql`EXISTS (SELECT 1 FROM release_stages WHERE id = ${seen.id} AND version = ${seen.version}
              AND audience = ${seen.audience})`;

/**
 * All SQL on release_stages and release_previews. Each change of a stage writes its history
 * row (release_changes) first and then the stage, both under the same condition, in one
 * transaction: both or neither, and nothing when someone changed the stage meanwhile.
 */
export function createStagesRepository(db: Database) {
  const history = (
    remote: RemoteName,
    action: 'stage' | 'advance' | 'abort' | 'promote',
    from: string | null,
    to: string | null | SQL,
    audience: string | null,
    reason: string | null,
    by: string,
  ) => sql`INSERT INTO release_changes (remote, action, from_version, to_version, audience, reason, by)
           SELECT ${remote}, ${action}, ${from}, ${to}, ${audience}, ${reason}, ${by}`;

  return {
    /**
     * Everything /remotes.json depends on, in one query (one request on D1): each release's
     * notes, each remote's live change, its stage and the previews not yet run out.
     */
    async state(now: Date): Promise<StateRow[]> {
      const rows = await db.all<StateRow>(sql`
        SELECT 'release' AS kind, remote, version, notes AS detail, NULL AS fromVersion, NULL AS who,
               published_at AS at, NULL AS id FROM remote_releases
        UNION ALL
        SELECT 'live', remote, to_version, action, from_version, by, at, id FROM release_changes
        WHERE id IN (SELECT max(id) FROM release_changes WHERE action IN ${LIVE_ACTIONS} GROUP BY remote)
        UNION ALL
        SELECT 'stage', remote, version, audience, NULL, by, started_at, id FROM release_stages
        UNION ALL
        SELECT 'preview', remote, version, NULL, NULL, CAST(user_id AS TEXT), expires_at, NULL
        FROM release_previews WHERE expires_at > ${now.toISOString()}`);
      return rows;
    },

    /** Begins a stage where there is none; false when there is one (someone began it meanwhile). */
    async begin(entry: {
      remote: RemoteName;
      version: string;
      audience: string;
      described: string;
      by: string;
    }): Promise<boolean> {
      const none = sql`NOT EXISTS (SELECT 1 FROM release_stages WHERE remote = ${entry.remote})`;
      const [recorded] = await db.batch([
        sql`${history(entry.remote, 'stage', null, entry.version, entry.described, null, entry.by)} WHERE ${none}`,
        sql`INSERT INTO release_stages (remote, version, audience, by)
            SELECT ${entry.remote}, ${entry.version}, ${entry.audience}, ${entry.by} WHERE ${none}`,
      ]);
      return recorded === 1;
    },

    /** Gives a stage another audience (stage again, or advance); false when it changed meanwhile. */
    async retarget(
      remote: RemoteName,
      seen: SeenStage,
      entry: { action: 'stage' | 'advance'; audience: string; described: string; by: string },
    ): Promise<boolean> {
      const [recorded] = await db.batch([
        sql`${history(remote, entry.action, seen.version, seen.version, entry.described, null, entry.by)}
            WHERE ${stageStill(seen)}`,
        sql`UPDATE release_stages SET audience = ${entry.audience}, by = ${entry.by},
              started_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = ${seen.id} AND version = ${seen.version} AND audience = ${seen.audience}`,
      ]);
      return recorded === 1;
    },

    /** Ends a stage, everyone back on the live release; false when it changed meanwhile. */
    async abort(
      remote: RemoteName,
      seen: SeenStage,
      entry: { by: string; reason: string | null },
    ): Promise<boolean> {
      const [recorded] = await db.batch([
        sql`${history(remote, 'abort', seen.version, liveVersionOf(remote), null, entry.reason, entry.by)}
            WHERE ${stageStill(seen)}`,
        sql`DELETE FROM release_stages
            WHERE id = ${seen.id} AND version = ${seen.version} AND audience = ${seen.audience}`,
      ]);
      return recorded === 1;
    },

    /**
     * Advances a stage to everyone: its release goes live (a promotion from `live`), the stage
     * ends. False when the stage or the live version changed meanwhile.
     */
    async promote(
      remote: RemoteName,
      seen: SeenStage,
      entry: { live: string | null; by: string },
    ): Promise<boolean> {
      const [recorded] = await db.batch([
        sql`${history(remote, 'promote', entry.live, seen.version, 'everyone', null, entry.by)}
            WHERE ${stageStill(seen)} AND ${liveVersionOf(remote)} IS ${entry.live}`,
        // after the first: the stage's release is live only if it was just promoted
        sql`DELETE FROM release_stages
            WHERE id = ${seen.id} AND version = ${seen.version} AND audience = ${seen.audience}
              AND ${liveVersionOf(remote)} IS ${seen.version}`,
      ]);
      return recorded === 1;
    },

    /** A person's preview of a release until `expiresAt` (one per remote: a new one replaces it). */
    async preview(entry: { userId: number; remote: RemoteName; version: string; expiresAt: string }) {
      await db.orm
        .insert(releasePreviews)
        .values(entry)
        .onConflictDoUpdate({
          target: [releasePreviews.userId, releasePreviews.remote],
          set: { version: entry.version, expiresAt: entry.expiresAt },
        })
        .run();
    },

    /** Ends a person's preview; false when there was none. */
    async endPreview(userId: number, remote: RemoteName): Promise<boolean> {
      const [removed] = await db.batch([
        db.orm
          .delete(releasePreviews)
          .where(and(eq(releasePreviews.userId, userId), eq(releasePreviews.remote, remote))),
      ]);
      return removed === 1;
    },

    /** Forgets the previews that ran out (they no longer count in any case). */
    async pruneExpiredPreviews(now: Date): Promise<void> {
      await db.orm
        .delete(releasePreviews)
        .where(sql`${releasePreviews.expiresAt} <= ${now.toISOString()}`)
        .run();
    },
  };
}

export type StagesRepository = ReturnType<typeof createStagesRepository>;
