import { LOAD_REPORTS_PER_MINUTE } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../auth/authenticate';
import { operationRoutes } from '../auth/operationRoutes';
import type { CounterStore } from '../../platform/limits/counterStore';
import { createAttemptLimit } from '../../platform/limits/signInLimiter';
import type { Releases } from './releases';
import type { ReleasesRepository } from './releasesRepository';

/** Who made a change, as the history and the notification name them. */
const who = (user: { email: string }) => user.email;

/** /api/releases: the remotes' releases (Admin), and the load reports every signed-in tab sends. */
export const releasesRoutes: FastifyPluginAsync<{
  releases: Releases;
  repository: ReleasesRepository;
  authenticate: Authenticate;
  counters: CounterStore;
}> = async (app, { releases, repository, authenticate, counters }) => {
  const route = operationRoutes(app, authenticate);
  const reportsPerUser = createAttemptLimit(
    counters,
    'release-load-reports:user',
    LOAD_REPORTS_PER_MINUTE,
    60_000,
  );

  route('releasesOverview', () => releases.overview());

  route('releasesPromote', (request) =>
    releases.promote(request.params.remote, request.body.version, who(request.currentUser!)),
  );

  route('releasesRollback', (request) => releases.rollback(request.params.remote, who(request.currentUser!)));

  route('releasesReportLoadError', async (request, reply) => {
    const user = request.currentUser!;
    await reportsPerUser(String(user.id));
    const { remote, version, ...failure } = request.body;
    await repository.addLoad({ remote, version, userId: user.id, failure });
    return reply.code(204).send();
  });

  route('releasesReportPageLoad', async (request, reply) => {
    const user = request.currentUser!;
    await reportsPerUser(String(user.id));
    await repository.addLoad({
      remote: request.body.remote,
      version: request.body.version,
      userId: user.id,
    });
    return reply.code(204).send();
  });
};
