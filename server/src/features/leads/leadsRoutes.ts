import { routeIo, type LeadResource } from '@auditdesk/shared/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes, type OperationHandler } from '../../platform/http/operationRoutes';
import { conflict, notFound, preconditionFailed } from '../../platform/errors/httpProblem';
import type { SendVersioned } from '../../platform/http/versionedReads';
import { expectedVersion, leadEtag } from './ifMatch';
import type { EditOutcome } from './repository/leadEdits';
import type { LeadsRepository } from './repository/leadsRepository';

const leadList = routeIo.leadsList.response[200];

/**
 * /api/leads: every signed-in role reads; Admin and Manager create, edit and delete.
 * PATCH changes only the fields it names, PUT replaces the whole lead; both, and DELETE,
 * honour If-Match (412 with the current lead when it changed since it was read). A hand
 * edit of a calendar lead is an office value that syncs leave alone; where the calendar
 * changed the same field, the lead needs review and a person chooses which value stays.
 */
export const leadsRoutes: FastifyPluginAsync<{
  leads: LeadsRepository;
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { leads, authenticate, sendVersioned }) => {
  const route = operationRoutes(app, authenticate);

  const sendLead = (reply: FastifyReply, lead: LeadResource, status = 200) =>
    reply.status(status).header('etag', leadEtag(lead.version)).send(lead);

  function settle<T>(id: number, outcome: EditOutcome<T> | { kind: 'nothing' }, nothing = ''): T {
    if (outcome.kind === 'missing') throw notFound(`There is no lead ${id}.`);
    if (outcome.kind === 'nothing') throw conflict(nothing);
    if (outcome.kind === 'stale')
      throw preconditionFailed(
        'Someone changed this lead since you opened it. Review their changes and try again.',
        {
          current: outcome.current,
        },
      );
    return outcome.lead;
  }

  route('leadsList', async (request, reply) => {
    const include = !request.query.excludeCalendarNotFormatted;
    return sendVersioned(request, reply, {
      key: `leads?unformatted=${include}`,
      version: await leads.dataVersion(),
      schema: leadList,
      build: () => leads.list(include),
    });
  });

  route('leadsUnformatted', async (request, reply) =>
    sendVersioned(request, reply, {
      key: 'leads/calendar-not-formatted',
      version: await leads.dataVersion(),
      schema: leadList,
      build: () => leads.unformatted(),
    }),
  );

  route('leadsSummary', async () => leads.summary());

  route('leadsGet', async (request, reply) => {
    // a lead merged away answers as the lead it was merged into: links to it keep working
    const live = await leads.liveLeadOf(request.params.id);
    const lead = live === undefined ? undefined : await leads.review.detail(live);
    if (!lead) throw notFound(`There is no lead ${request.params.id}.`);
    return sendLead(reply, lead);
  });

  route('leadsResolveOfficeValue', async (request, reply) => {
    const { id, field } = request.params;
    const outcome = await leads.review.resolveField(
      id,
      field,
      request.body.use,
      expectedVersion(request),
      request.currentUser!.id,
    );
    const nothing =
      request.body.use === 'office'
        ? `The ${field} of lead ${id} is not in conflict: there is nothing to keep.`
        : `The ${field} of lead ${id} was not changed here: it already shows the calendar’s value.`;
    return sendLead(reply, settle(id, outcome, nothing));
  });

  route('leadsResolveCalendarDeletion', async (request, reply) => {
    const { id } = request.params;
    const outcome = await leads.review.resolveDeletion(
      id,
      request.body.use,
      expectedVersion(request),
      request.currentUser!.id,
    );
    return sendLead(reply, settle(id, outcome, `The event of lead ${id} was not deleted in the calendar.`));
  });

  route('leadsRestore', async (request, reply) => {
    const { id } = request.params;
    const outcome = await leads.review.restore(id, request.currentUser!.id);
    if (outcome.kind !== 'done') throw notFound(`There is no lead ${id} deleted here to restore.`);
    return sendLead(reply, outcome.lead);
  });

  route('leadsChangedByRun', async (request) => ({
    runId: request.params.id,
    leadIds: await leads.history.changedByRun(request.params.id),
  }));

  route('leadsHistory', async (request) => {
    if (!(await leads.find(request.params.id))) throw notFound(`There is no lead ${request.params.id}.`);
    return leads.history.page(request.params.id, request.query.page, request.query.pageSize);
  });

  route('leadsCreate', async (request, reply) =>
    sendLead(reply, await leads.create(request.body, { userId: request.currentUser!.id }), 201),
  );

  /** PATCH names some fields, PUT all of them: the same edit once the body is validated. */
  const edit: OperationHandler<'leadsUpdate' | 'leadsReplace'> = async (request, reply) => {
    const { id } = request.params;
    return sendLead(
      reply,
      settle(
        id,
        await leads.update(id, request.body, expectedVersion(request), { userId: request.currentUser!.id }),
      ),
    );
  };
  route('leadsUpdate', edit);
  route('leadsReplace', edit);

  route('leadsDelete', async (request, reply) => {
    const { id } = request.params;
    settle(id, await leads.softDelete(id, expectedVersion(request), { userId: request.currentUser!.id }));
    return reply.status(204).send(null);
  });
};
