import {
  promoteBody,
  releasesOverview,
  releaseTarget,
  remoteLoadError,
  remotePageLoad,
  remoteReleases,
} from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { CounterStore } from '../../platform/limits/counterStore';
import { createAttemptLimit } from '../../platform/limits/signInLimiter';
import type { Releases } from './releases';
import type { ReleasesRepository } from './releasesRepository';

const tags = ['Releases'];
/** Load reports one person may send a minute: a tab retrying a broken remote stays well below. */
export const LOAD_REPORTS_PER_MINUTE = 60;

/** Who made a change, as the history and the notification name them. */
const who = (user: { email: string }) => user.email;

/** /api/releases: the remotes' releases (Admin), and the load reports every signed-in tab sends. */
export const releasesRoutes: FastifyPluginAsyncZod<{
  releases: Releases;
  repository: ReleasesRepository;
  authenticate: Authenticate;
  counters: CounterStore;
}> = async (app, { releases, repository, authenticate, counters }) => {
  guardEveryRoute(app, authenticate('Admin'));
  const reportsPerUser = createAttemptLimit(
    counters,
    'release-load-reports:user',
    LOAD_REPORTS_PER_MINUTE,
    60_000,
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "Every remote's releases, which one is live, its changes and its loads of the last 24 hours",
        response: { 200: releasesOverview },
      },
    },
    () => releases.overview(),
  );

  app.post(
    '/:remote/promote',
    {
      schema: {
        tags,
        summary: 'Make a release live, after checking it against the live host',
        description:
          '409 with `problems` (one sentence each) when the release does not fit the live host, or when the live version changed meanwhile; 404 for an unknown version.',
        params: releaseTarget,
        body: promoteBody,
        response: { 200: remoteReleases },
      },
    },
    (request) => releases.promote(request.params.remote, request.body.version, who(request.currentUser!)),
  );

  app.post(
    '/:remote/rollback',
    {
      schema: {
        tags,
        summary: 'Make the release before the live one live again (before the first: the built-in build)',
        description:
          '409 when the remote runs its built-in build, or when the release before does not fit the live host.',
        params: releaseTarget,
        response: { 200: remoteReleases },
      },
    },
    (request) => releases.rollback(request.params.remote, who(request.currentUser!)),
  );

  app.post(
    '/load-errors',
    {
      schema: {
        tags,
        summary: 'Report a remote that failed to load in this tab (the host does, by itself)',
        description: `429 past ${LOAD_REPORTS_PER_MINUTE} reports a minute per person.`,
        body: remoteLoadError,
      },
      onRequest: authenticate(),
    },
    async (request, reply) => {
      const user = request.currentUser!;
      await reportsPerUser(String(user.id));
      const { remote, version, phase, error, route } = request.body;
      await repository.addLoad({ remote, version, userId: user.id, failure: { phase, error, route } });
      return reply.code(204).send();
    },
  );

  app.post(
    '/page-loads',
    {
      schema: {
        tags,
        summary: 'Report a remote page that loaded in this tab (the host does, by itself)',
        description: `429 past ${LOAD_REPORTS_PER_MINUTE} reports a minute per person.`,
        body: remotePageLoad,
      },
      onRequest: authenticate(),
    },
    async (request, reply) => {
      const user = request.currentUser!;
      await reportsPerUser(String(user.id));
      await repository.addLoad({
        remote: request.body.remote,
        version: request.body.version,
        userId: user.id,
      });
      return reply.code(204).send();
    },
  );
};
