import { LOAD_REPORTS_PER_MINUTE, type MyReleases, type RemoteName } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { CounterStore } from '../../platform/limits/counterStore';
import { createAttemptLimit } from '../../platform/limits/signInLimiter';
import type { LiveRemotes } from './liveRemotes';
import type { Releases } from './releases';
import type { ReleasesRepository } from './releasesRepository';
import type { ReleasePreviews } from './stages/releasePreviews';
import type { ReleaseStages } from './stages/releaseStages';
import { answersFor } from './stages/releaseState';
import type { ReleaseWatch } from './stages/releaseWatchRunner';

/** Who made a change, as the history and the notification name them. */
const who = (user: { email: string }) => user.email;

/**
 * /api/releases: the remotes' releases and stages (Admin), each person's own releases and
 * preview, and the load reports every signed-in tab sends (a failure wakes the watch).
 */
export const releasesRoutes: FastifyPluginAsync<{
  releases: Releases;
  stages: ReleaseStages;
  previews: ReleasePreviews;
  repository: ReleasesRepository;
  live: LiveRemotes;
  watch: ReleaseWatch;
  authenticate: Authenticate;
  counters: CounterStore;
}> = async (app, { releases, stages, previews, repository, live, watch, authenticate, counters }) => {
  const route = operationRoutes(app, authenticate);
  const reportsPerUser = createAttemptLimit(
    counters,
    'release-load-reports:user',
    LOAD_REPORTS_PER_MINUTE,
    60_000,
  );

  route('releasesOverview', () => releases.overview());

  route('releasesMine', async (request): Promise<MyReleases> => {
    const state = await live.state();
    if (!state) return { remotes: [] }; // the database is away and was never read: nothing to tell
    const answers = answersFor(state, request.currentUser!);
    return {
      remotes: (Object.keys(answers) as RemoteName[]).map((remote) => ({
        remote,
        version: answers[remote].version,
        url: answers[remote].url,
        notes: answers[remote].notes,
        previewUntil: answers[remote].previewUntil,
      })),
    };
  });

  route('releasesPromote', (request) =>
    releases.promote(request.params.remote, request.body.version, who(request.currentUser!)),
  );

  route('releasesRollback', (request) => releases.rollback(request.params.remote, who(request.currentUser!)));

  route('releasesStage', (request) =>
    stages.stage(
      request.params.remote,
      request.body.version,
      request.body.audience,
      who(request.currentUser!),
    ),
  );

  route('releasesAdvance', (request) => stages.advance(request.params.remote, who(request.currentUser!)));

  route('releasesAbort', (request) => stages.abort(request.params.remote, who(request.currentUser!)));

  route('releasesPreview', (request) =>
    previews.start(request.params.remote, request.body.version, request.currentUser!.id),
  );

  route('releasesLeavePreview', async (request, reply) => {
    await previews.leave(request.params.remote, request.currentUser!.id);
    return reply.code(204).send();
  });

  route('releasesReportLoadError', async (request, reply) => {
    const user = request.currentUser!;
    await reportsPerUser(String(user.id));
    const { remote, version, tab, ...failure } = request.body;
    await repository.addLoad({ remote, version, userId: user.id, tab, failure });
    watch.soon();
    return reply.code(204).send();
  });

  route('releasesReportPageLoad', async (request, reply) => {
    const user = request.currentUser!;
    await reportsPerUser(String(user.id));
    await repository.addLoad({
      remote: request.body.remote,
      version: request.body.version,
      userId: user.id,
      tab: request.body.tab,
    });
    return reply.code(204).send();
  });
};
