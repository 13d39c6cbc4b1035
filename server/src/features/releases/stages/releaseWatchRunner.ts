import type { RemoteName } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Releases } from '../releases';
import type { ReleasesRepository } from '../releasesRepository';
import type { ReleaseStages } from './releaseStages';
import type { ReleaseState } from './releaseState';
import { clearlyWorse, watchReason, type WatchRules } from './releaseWatch';

/** How often an instance looks at what it watches (and soon after each failure reported). */
export const WATCH_EVERY_MS = 10_000;
const SOON_MS = 300;
/** Who the history and the bells name for what the watch does. */
export const WATCH_NAME = 'the release watch';

/**
 * The watch (DESIGN.md section 26): while a release is staged, its failed loads and crashes
 * are compared with the live release's over the same minutes; for a while after a promotion to
 * everyone, the new live release's with the one before. Clearly worse (RELEASE_WATCH_*): the
 * stage is aborted, or the promotion rolled back, by itself, with the numbers. Every instance
 * watches; the change is guarded, so one of them makes it and tells the Admins.
 */
export function createReleaseWatch({
  state,
  releases,
  stages,
  repository,
  rules,
  log,
  everyMs = WATCH_EVERY_MS,
}: {
  /** What /remotes.json answers from (kept briefly in memory): no query when nothing is watched. */
  state: () => Promise<ReleaseState | null>;
  releases: Releases;
  stages: ReleaseStages;
  repository: ReleasesRepository;
  rules: WatchRules;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  everyMs?: number;
}) {
  const minutes = Math.round(rules.windowMs / 60_000);
  let timer: NodeJS.Timeout | null = null;
  let soon: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function judgeStage(remote: RemoteName, entry: ReleaseState[RemoteName], now: number) {
    const { stage } = entry;
    if (!stage) return;
    // the same minutes for both: since the stage began, at most the window
    const since = new Date(Math.max(Date.parse(stage.startedAt), now - rules.windowMs));
    const [figures, live] = await Promise.all([
      repository.figures(remote, stage.version, since),
      repository.figures(remote, entry.live.version, since),
    ]);
    if (!clearlyWorse(figures, live, rules)) return;
    const reason = watchReason({
      version: stage.version,
      figures,
      compared: { version: entry.live.version, figures: live, live: true },
      minutes,
    });
    await stages.abortAutomatically(remote, stage, WATCH_NAME, reason);
  }

  async function judgePromotion(remote: RemoteName, entry: ReleaseState[RemoteName], now: number) {
    const { promotion } = entry;
    if (!promotion || entry.stage || entry.pinned) return;
    const at = Date.parse(promotion.at);
    if (now - at >= rules.afterPromotionMs) return;
    const [figures, before] = await Promise.all([
      repository.figures(remote, promotion.version, new Date(Math.max(at, now - rules.windowMs))),
      repository.figures(remote, promotion.fromVersion, new Date(now - rules.windowMs)),
    ]);
    if (!clearlyWorse(figures, before, rules)) return;
    if ((await releases.liveVersion(remote)) !== promotion.version) return; // changed meanwhile
    const reason = watchReason({
      version: promotion.version,
      figures,
      compared: { version: promotion.fromVersion, figures: before, live: false },
      minutes,
    });
    await releases.rollbackTo(remote, promotion.fromVersion, WATCH_NAME, reason);
  }

  /** Looks at every stage and recent promotion once. */
  async function check(now = Date.now()): Promise<void> {
    const current = await state();
    if (!current) return;
    for (const [remote, entry] of Object.entries(current) as [RemoteName, ReleaseState[RemoteName]][]) {
      try {
        await judgeStage(remote, entry, now);
        await judgePromotion(remote, entry, now);
      } catch (error) {
        // another instance's watch or an Admin was first (409), or the database is away: next time
        log.warn({ err: error, remote }, 'the release watch could not judge this time');
      }
    }
  }

  const runOnce = (): Promise<void> => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    check: runOnce,

    start(): void {
      timer ??= setInterval(() => void runOnce(), everyMs);
      timer.unref();
    },

    /** A failure was reported: look soon, not at the next round. */
    soon(): void {
      if (soon || !timer) return;
      soon = setTimeout(() => {
        soon = null;
        void runOnce();
      }, SOON_MS);
      soon.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      timer = soon = null;
    },
  };
}

export type ReleaseWatch = ReturnType<typeof createReleaseWatch>;
