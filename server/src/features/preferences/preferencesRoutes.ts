import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { PreferencesRepository } from './preferencesRepository';

/** /api/preferences: the signed-in person's own preferences, whatever their role. */
export const preferencesRoutes: FastifyPluginAsync<{
  preferences: PreferencesRepository;
  authenticate: Authenticate;
}> = async (app, { preferences: repository, authenticate }) => {
  const route = operationRoutes(app, authenticate);
  route('preferencesGet', async (request) => repository.get(request.currentUser!.id));
  route('preferencesReplace', async (request) => repository.put(request.currentUser!.id, request.body));
};
