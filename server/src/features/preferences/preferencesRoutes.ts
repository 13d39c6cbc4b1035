import { preferences } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { PreferencesRepository } from './preferencesRepository';

const tags = ['Preferences'];

/** /api/preferences: the signed-in person's own preferences, whatever their role. */
export const preferencesRoutes: FastifyPluginAsyncZod<{
  preferences: PreferencesRepository;
  authenticate: Authenticate;
}> = async (app, { preferences: repository, authenticate }) => {
  guardEveryRoute(app, authenticate());

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Your preferences: leads columns and page size, the period range, the sidebar',
        response: { 200: preferences },
      },
    },
    async (request) => repository.get(request.currentUser!.id),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        summary: 'Replace your preferences; a part left out returns to its default',
        body: preferences,
        response: { 200: preferences },
      },
    },
    async (request) => repository.put(request.currentUser!.id, request.body),
  );
};
