import type { RemoteName, RemoteReleases, StageAudience } from '@auditdesk/shared/core';
import { badRequest, conflict } from '../../../platform/errors/httpProblem';
import { remoteNamed } from '../../../platform/config/remotes';
import type { Notifier } from '../../notifications/notifier';
import type { Releases } from '../releases';
import type { PersonRow } from '../releases';
import { describeAudience, inAudience, nextAudience, storedAudience, type StoredAudience } from './audience';
import type { Stage } from './releaseState';
import type { SeenStage, StagesRepository } from './stagesRepository';

const seen = (stage: Stage): SeenStage => ({
  id: stage.id,
  version: stage.version,
  audience: stage.audienceText,
});

const named = (version: string | null) => version ?? 'the built-in build';

const changedMeanwhile = (remote: RemoteName) =>
  conflict(`Someone changed the stage of ${remote} meanwhile. Reload and try again.`);

/**
 * Stages (DESIGN.md section 26): a release tried on some people before everyone — begun,
 * advanced step by step to everyone (a promotion), or aborted (everyone back on the live
 * release), by an Admin or by the watch. Every change is recorded, told to the Admins' bells,
 * and reaches every instance's /remotes.json and the open tabs of the people it concerns.
 */
export function createReleaseStages({
  releases,
  stages,
  notifier,
  people,
  liveChanged,
}: {
  releases: Releases;
  stages: StagesRepository;
  notifier: Pick<Notifier, 'notify'>;
  people: () => Promise<PersonRow[]>;
  liveChanged: () => void;
}) {
  /** The accounts with access an audience reaches now. */
  async function reached(audience: StoredAudience, remote: RemoteName, version: string): Promise<number> {
    return (await people()).filter(
      (person) => person.isActive && inAudience(audience, person, remote, version),
    ).length;
  }

  /** Named people's ids; an e-mail without an account with access is refused, naming it. */
  async function resolve(audience: StageAudience): Promise<StoredAudience> {
    if (audience.kind !== 'users') return storedAudience(audience, []);
    const byEmail = new Map(
      (await people()).filter((person) => person.isActive).map((person) => [person.email, person.id]),
    );
    const unknown = audience.users.filter((email) => !byEmail.has(email));
    if (unknown.length) throw badRequest(`No account with access has the e-mail ${unknown.join(', ')}.`);
    return storedAudience(audience, [...new Set(audience.users.map((email) => byEmail.get(email)!))]);
  }

  async function stagedNotice(remote: RemoteName, version: string, audience: StoredAudience, by: string) {
    const described = describeAudience(audience);
    const live = (await releases.state())[remote].live.version;
    const count = await reached(audience, remote, version);
    await notifier.notify({
      kind: 'release-staged',
      severity: 'info',
      title: `${remoteNamed(remote).label} ${version} staged for ${described}`,
      message: `${by} staged ${remote} ${version} for ${described} (${count === 1 ? '1 person' : `${count} people`} now); the others stay on ${named(live)}.`,
      link: '/releases',
      role: 'Admin',
    });
  }

  /** Ends a stage: everyone back on the live release. False when it had changed meanwhile. */
  async function endStage(remote: RemoteName, stage: Stage, by: string, reason: string | null) {
    if (!(await stages.abort(remote, seen(stage), { by, reason }))) return false;
    liveChanged();
    const live = (await releases.state())[remote].live.version;
    const label = remoteNamed(remote).label;
    await notifier.notify({
      kind: 'release-aborted',
      severity: reason ? 'error' : 'info',
      title: reason
        ? `${label} ${stage.version} taken back automatically`
        : `${label} stage of ${stage.version} aborted`,
      message: `${by} aborted the stage of ${remote} ${stage.version} (${describeAudience(stage.audience)}); everyone is back on ${named(live)}.${reason ? ` ${reason}` : ''}`,
      link: '/releases',
      role: 'Admin',
    });
    return true;
  }

  return {
    /**
     * Tries a release on an audience (after the compatibility check); staging the staged
     * release again gives it another audience. Another release's stage must end first.
     */
    async stage(
      remote: RemoteName,
      version: string,
      audience: StageAudience,
      by: string,
    ): Promise<RemoteReleases> {
      const entry = (await releases.state())[remote];
      if (entry.live.version === version)
        throw conflict(`${remote} ${version} is live already: everyone has it.`);
      if (entry.stage && entry.stage.version !== version)
        throw conflict(
          `${remote} has ${entry.stage.version} staged for ${describeAudience(entry.stage.audience)}: advance it to everyone or abort it before staging another release.`,
        );
      await releases.mustFit(remote, version, 'be staged');
      const stored = await resolve(audience);
      const change = { audience: JSON.stringify(stored), described: describeAudience(stored), by };
      const done = entry.stage
        ? await stages.retarget(remote, seen(entry.stage), { action: 'stage', ...change })
        : await stages.begin({ remote, version, ...change });
      if (!done) throw changedMeanwhile(remote);
      liveChanged();
      await stagedNotice(remote, version, stored, by);
      return releases.remoteOverview(remote);
    },

    /** The next step: Admins → Managers → everyone; 5 → 10 → 25 → 50 % → everyone; named people → everyone. */
    async advance(remote: RemoteName, by: string): Promise<RemoteReleases> {
      const entry = (await releases.state())[remote];
      const { stage } = entry;
      if (!stage) throw conflict(`${remote} has no stage to advance.`);
      const next = nextAudience(stage.audience);
      if (next === 'everyone') {
        await releases.mustFit(remote, stage.version, 'go live');
        if (!(await stages.promote(remote, seen(stage), { live: entry.live.version, by })))
          throw changedMeanwhile(remote);
        liveChanged();
        await releases.liveNotice(remote, 'promote', entry.live.version, stage.version, by);
      } else {
        const change = { audience: JSON.stringify(next), described: describeAudience(next), by };
        if (!(await stages.retarget(remote, seen(stage), { action: 'advance', ...change })))
          throw changedMeanwhile(remote);
        liveChanged();
        await stagedNotice(remote, stage.version, next, by);
      }
      return releases.remoteOverview(remote);
    },

    /** Ends the stage by hand: everyone back on the live release. */
    async abort(remote: RemoteName, by: string): Promise<RemoteReleases> {
      const { stage } = (await releases.state())[remote];
      if (!stage) throw conflict(`${remote} has no stage to abort.`);
      if (!(await endStage(remote, stage, by, null))) throw changedMeanwhile(remote);
      return releases.remoteOverview(remote);
    },

    /**
     * The watch ends the stage it judged, with its reason; false when that stage had changed
     * meanwhile (another instance's watch, or an Admin, was first).
     */
    abortAutomatically: (remote: RemoteName, stage: Stage, by: string, reason: string) =>
      endStage(remote, stage, by, reason),
  };
}

export type ReleaseStages = ReturnType<typeof createReleaseStages>;
