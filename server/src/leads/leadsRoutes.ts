import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import { notFound } from '../errors/httpProblem';
import { leadIdParams, leadInput, leadUpdate, listQuery } from './leadSchemas';
import type { LeadsRepository } from './leadsRepository';

/**
 * /api/leads: every signed-in role reads; Admin and Manager create, edit and delete.
 * A hand edit of a calendar lead lasts until the next sync of its range rewrites it.
 */
export const leadsRoutes: FastifyPluginAsyncZod<{
  leads: LeadsRepository;
  authenticate: Authenticate;
}> = async (app, { leads, authenticate }) => {
  const reader = authenticate();
  const editor = authenticate('Admin', 'Manager');
  const mustFind = (id: number) => {
    const lead = leads.find(id);
    if (!lead) throw notFound(`There is no lead ${id}.`);
    return lead;
  };

  app.get('/', { preHandler: reader, schema: { querystring: listQuery } }, async (request) =>
    leads.list(request.query.excludeCalendarNotFormatted),
  );

  app.get('/calendar-not-formatted', { preHandler: reader }, async () => leads.unformatted());

  app.get('/summary', { preHandler: reader }, async () => leads.summary());

  app.get('/:id', { preHandler: reader, schema: { params: leadIdParams } }, async (request) =>
    mustFind(request.params.id),
  );

  app.post('/', { preHandler: editor, schema: { body: leadInput } }, async (request, reply) =>
    reply.status(201).send(leads.create(request.body)),
  );

  app.put(
    '/:id',
    { preHandler: editor, schema: { params: leadIdParams, body: leadUpdate } },
    async (request) => {
      mustFind(request.params.id);
      return leads.update(request.params.id, request.body);
    },
  );

  app.delete('/:id', { preHandler: editor, schema: { params: leadIdParams } }, async (request, reply) => {
    if (!leads.softDelete(request.params.id)) throw notFound(`There is no lead ${request.params.id}.`);
    return reply.status(204).send();
  });
};
