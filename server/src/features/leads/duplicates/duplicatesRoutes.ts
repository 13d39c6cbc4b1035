import { routeIo } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../../platform/http/authenticate';
import { operationRoutes } from '../../../platform/http/operationRoutes';
import { notFound } from '../../../platform/errors/httpProblem';
import type { SendVersioned } from '../../../platform/http/versionedReads';
import type { LeadsRepository } from '../repository/leadsRepository';
import type { DuplicatesRepository } from './duplicatesRepository';

/**
 * /api/leads/duplicates: every signed-in role reads the possible duplicates; Admin and Manager
 * dismiss a pair ("not a duplicate", for everyone) and undo that. The answer is cached at the
 * leads' data version and the dismissals' version together.
 */
export const duplicatesRoutes: FastifyPluginAsync<{
  duplicates: DuplicatesRepository;
  leads: LeadsRepository;
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { duplicates, leads, authenticate, sendVersioned }) => {
  const route = operationRoutes(app, authenticate);

  route('leadsDuplicates', async (request, reply) =>
    sendVersioned(request, reply, {
      key: `leads/duplicates?dismissals=${await duplicates.dismissalsVersion()}`,
      version: await leads.dataVersion(),
      schema: routeIo.leadsDuplicates.response[200],
      build: () => duplicates.find(),
    }),
  );

  route('leadsDismissDuplicate', async (request, reply) => {
    const missing = await duplicates.missingOf(request.body);
    if (missing.length > 0) throw notFound(`There is no lead ${missing.join(' or ')}.`);
    await duplicates.dismiss(request.body, request.currentUser!.id);
    return reply.status(204).send(null);
  });

  route('leadsRestoreDuplicate', async (request, reply) => {
    await duplicates.restore(request.query);
    return reply.status(204).send(null);
  });
};
