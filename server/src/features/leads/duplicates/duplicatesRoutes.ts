import {
  duplicateDismissal,
  duplicateDismissalQuery,
  noContent,
  possibleDuplicates,
} from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../../auth/authenticate';
import { notFound } from '../../../platform/errors/httpProblem';
import type { SendVersioned } from '../../../platform/http/versionedReads';
import type { LeadsRepository } from '../repository/leadsRepository';
import type { DuplicatesRepository } from './duplicatesRepository';

const tags = ['Leads'];

/**
 * /api/leads/duplicates: every signed-in role reads the possible duplicates; Admin and Manager
 * dismiss a pair ("not a duplicate", for everyone) and undo that. The answer is cached at the
 * leads' data version and the dismissals' version together.
 */
export const duplicatesRoutes: FastifyPluginAsyncZod<{
  duplicates: DuplicatesRepository;
  leads: LeadsRepository;
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { duplicates, leads, authenticate, sendVersioned }) => {
  const editor = authenticate('Admin', 'Manager');

  app.get(
    '/duplicates',
    {
      onRequest: authenticate(),
      schema: {
        tags,
        summary: 'Possible duplicates: live leads with the same phone, e-mail, or name and address',
        description:
          'Groups per shared key, without the dismissed pairs. Sends an ETag per data version; If-None-Match answers 304.',
        response: { 200: possibleDuplicates },
      },
    },
    async (request, reply) =>
      sendVersioned(request, reply, {
        key: `leads/duplicates?dismissals=${await duplicates.dismissalsVersion()}`,
        version: await leads.dataVersion(),
        schema: possibleDuplicates,
        build: () => duplicates.find(),
      }),
  );

  app.post(
    '/duplicates/dismissals',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Say two leads are not a duplicate, for everyone (Admin, Manager)',
        body: duplicateDismissal,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const missing = await duplicates.missingOf(request.body);
      if (missing.length > 0) throw notFound(`There is no lead ${missing.join(' or ')}.`);
      await duplicates.dismiss(request.body, request.currentUser!.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/duplicates/dismissals',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Undo "not a duplicate": the pair counts again (Admin, Manager)',
        querystring: duplicateDismissalQuery,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await duplicates.restore(request.query);
      return reply.status(204).send(null);
    },
  );
};
