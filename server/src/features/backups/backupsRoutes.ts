import type { FastifyPluginAsync } from 'fastify';
import { conflict, HttpProblem, notFound } from '../../platform/errors/httpProblem';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import { SyncAlreadyRunning, SyncLockUnavailable } from '../sync/syncService';
import { RestorePointNotFound, RestoreRefused } from './backupEngine';
import type { Backups } from './backupServices';

/** Who restored or asked for a backup, as the record and the bells name them. */
const who = (user: { fullName: string; email: string }) => `${user.fullName} <${user.email}>`;

/** The service's refusals as problem details. */
function asProblem(error: unknown): unknown {
  if (error instanceof RestorePointNotFound) return notFound(error.message);
  if (error instanceof RestoreRefused) return new HttpProblem(422, error.message);
  if (error instanceof SyncAlreadyRunning)
    return conflict(
      `The database cannot be restored while a sync runs: ${error.message} Try again when it is done.`,
      {
        runningRunId: error.runId,
      },
    );
  if (error instanceof SyncLockUnavailable) return new HttpProblem(503, error.message);
  return error;
}

/** /api/backups: restore points, "Back up now" and restores, for Admins (DESIGN.md section 22). */
export const backupsRoutes: FastifyPluginAsync<{ backups: Backups; authenticate: Authenticate }> = async (
  app,
  { backups, authenticate },
) => {
  const route = operationRoutes(app, authenticate);

  route('backupsOverview', () => backups.overview());

  route('backupsCreate', (request) => backups.backUpNow(who(request.currentUser!)));

  route('backupsImpact', (request) =>
    backups.impact(request.params.name).catch((error: unknown) => Promise.reject(asProblem(error))),
  );

  route('backupsRestore', async (request) => {
    const { point, at } = request.body;
    try {
      // this request is one of those in flight: the restore does not wait for itself
      return await backups.restore(
        point !== undefined ? { point } : { at: new Date(at!) },
        who(request.currentUser!),
        {
          own: 1,
        },
      );
    } catch (error) {
      throw asProblem(error);
    }
  });
};
