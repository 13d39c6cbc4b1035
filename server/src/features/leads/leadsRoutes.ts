import {
  idParams,
  leadDetail,
  leadHistoryPage,
  leadHistoryQuery,
  leadsChangedByRun,
  leadCreate,
  leadPatch,
  leadReplace,
  leadResource,
  leadsQuery,
  leadsSummary,
  noContent,
  officeValueParams,
  reviewChoice,
  type LeadResource,
} from '@auditdesk/shared/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticate } from '../auth/authenticate';
import { conflict, notFound, preconditionFailed } from '../../platform/errors/httpProblem';
import type { SendVersioned } from '../../platform/http/versionedReads';
import { expectedVersion, leadEtag } from './ifMatch';
import type { EditOutcome } from './repository/leadEdits';
import type { LeadsRepository } from './repository/leadsRepository';

const tags = ['Leads'];
const leadList = z.array(leadResource);
const ifMatchHeader = z.object({
  'if-match': z.string().max(100).optional().describe('The ETag of the lead as you read it'),
});

/**
 * /api/leads: every signed-in role reads; Admin and Manager create, edit and delete.
 * PATCH changes only the fields it names, PUT replaces the whole lead; both, and DELETE,
 * honour If-Match (412 with the current lead when it changed since it was read). A hand
 * edit of a calendar lead is an office value that syncs leave alone; where the calendar
 * changed the same field, the lead needs review and a person chooses which value stays.
 */
export const leadsRoutes: FastifyPluginAsyncZod<{
  leads: LeadsRepository;
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { leads, authenticate, sendVersioned }) => {
  const reader = authenticate();
  const editor = authenticate('Admin', 'Manager');

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

  app.get(
    '/',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'The leads, newest first (formatted only by default)',
        description: 'Sends an ETag per data version; If-None-Match answers 304.',
        querystring: leadsQuery,
        response: { 200: leadList },
      },
    },
    async (request, reply) => {
      const include = !request.query.excludeCalendarNotFormatted;
      return sendVersioned(request, reply, {
        key: `leads?unformatted=${include}`,
        version: await leads.dataVersion(),
        schema: leadList,
        build: () => leads.list(include),
      });
    },
  );

  app.get(
    '/calendar-not-formatted',
    {
      onRequest: reader,
      schema: { tags, summary: 'The calendar leads that are not formatted', response: { 200: leadList } },
    },
    async (request, reply) =>
      sendVersioned(request, reply, {
        key: 'leads/calendar-not-formatted',
        version: await leads.dataVersion(),
        schema: leadList,
        build: () => leads.unformatted(),
      }),
  );

  app.get(
    '/summary',
    {
      onRequest: reader,
      schema: { tags, summary: 'Counts by status, auditor and month', response: { 200: leadsSummary } },
    },
    async () => leads.summary(),
  );

  app.get(
    '/:id',
    {
      onRequest: reader,
      schema: {
        tags,
        summary:
          'One lead, with its ETag, its office values beside the calendar’s, and whether it needs review',
        params: idParams,
        response: { 200: leadDetail },
      },
    },
    async (request, reply) => {
      const lead = await leads.review.detail(request.params.id);
      if (!lead) throw notFound(`There is no lead ${request.params.id}.`);
      return sendLead(reply, lead);
    },
  );

  app.post(
    '/:id/office-values/:field',
    {
      onRequest: editor,
      schema: {
        tags,
        summary:
          'Keep the office’s value of a field in conflict, or use the calendar’s value of an edited field (Admin, Manager)',
        params: officeValueParams,
        headers: ifMatchHeader,
        body: reviewChoice,
        response: { 200: leadDetail },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/:id/calendar-deletion',
    {
      onRequest: editor,
      schema: {
        tags,
        summary:
          'A lead whose event the calendar deleted while it held office values: keep it as a manual lead, or delete it (Admin, Manager)',
        params: idParams,
        headers: ifMatchHeader,
        body: reviewChoice,
        response: { 200: leadDetail },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await leads.review.resolveDeletion(
        id,
        request.body.use,
        expectedVersion(request),
        request.currentUser!.id,
      );
      return sendLead(reply, settle(id, outcome, `The event of lead ${id} was not deleted in the calendar.`));
    },
  );

  app.post(
    '/:id/restore',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Restore a lead deleted here (Admin, Manager)',
        params: idParams,
        response: { 200: leadDetail },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await leads.review.restore(id, request.currentUser!.id);
      if (outcome.kind !== 'done') throw notFound(`There is no lead ${id} deleted here to restore.`);
      return sendLead(reply, outcome.lead);
    },
  );

  app.get(
    '/changed-by-run/:id',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'The live leads a sync run created or changed (its history row links to them)',
        params: idParams,
        response: { 200: leadsChangedByRun },
      },
    },
    async (request) => ({
      runId: request.params.id,
      leadIds: await leads.history.changedByRun(request.params.id),
    }),
  );

  app.get(
    '/:id/history',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'The lead’s changes, field by field, newest first (who or which sync run, when)',
        params: idParams,
        querystring: leadHistoryQuery,
        response: { 200: leadHistoryPage },
      },
    },
    async (request) => {
      if (!(await leads.find(request.params.id))) throw notFound(`There is no lead ${request.params.id}.`);
      return leads.history.page(request.params.id, request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Create a manual lead (Admin, Manager)',
        body: leadCreate,
        response: { 201: leadResource },
      },
    },
    async (request, reply) =>
      sendLead(reply, await leads.create(request.body, { userId: request.currentUser!.id }), 201),
  );

  app.patch(
    '/:id',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Change the named fields of a lead (Admin, Manager)',
        params: idParams,
        headers: ifMatchHeader,
        body: leadPatch,
        response: { 200: leadResource },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendLead(
        reply,
        settle(
          id,
          await leads.update(id, request.body, expectedVersion(request), { userId: request.currentUser!.id }),
        ),
      );
    },
  );

  app.put(
    '/:id',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Replace a lead: every editable field is required (Admin, Manager)',
        params: idParams,
        headers: ifMatchHeader,
        body: leadReplace,
        response: { 200: leadResource },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendLead(
        reply,
        settle(
          id,
          await leads.update(id, request.body, expectedVersion(request), { userId: request.currentUser!.id }),
        ),
      );
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Delete a lead (soft; Admin, Manager)',
        params: idParams,
        headers: ifMatchHeader,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      settle(id, await leads.softDelete(id, expectedVersion(request), { userId: request.currentUser!.id }));
      return reply.status(204).send(null);
    },
  );
};
