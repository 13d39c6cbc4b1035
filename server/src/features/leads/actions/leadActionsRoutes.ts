import { idParams, leadActionResult, leadsBulkRequest } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../../auth/authenticate';
import { guardEveryRoute } from '../../auth/guardEveryRoute';
import { conflict, notFound, preconditionFailed } from '../../../platform/errors/httpProblem';
import type { createBulkLeadActions } from './bulkLeadActions';
import type { createLeadActionUndo } from './undoLeadAction';

const tags = ['Leads'];

const leadsText = (count: number) => (count === 1 ? '1 lead' : `${count.toLocaleString('en-US')} leads`);

/** POST /api/leads/bulk: a change or a delete of many leads, all or nothing (Admin, Manager). */
export const bulkLeadsRoute: FastifyPluginAsyncZod<{
  bulk: ReturnType<typeof createBulkLeadActions>;
  authenticate: Authenticate;
}> = async (app, { bulk, authenticate }) => {
  guardEveryRoute(app, authenticate('Admin', 'Manager'));

  app.post(
    '/bulk',
    {
      schema: {
        tags,
        summary:
          'Change or delete many leads at once, all or nothing, as one action that can be undone (Admin, Manager)',
        description:
          'Each lead is named with the version it was read at. If any is gone or at another version, nothing is written: 412 with `leads`, each `{id, version}` (version null when the lead is gone).',
        body: leadsBulkRequest,
        response: { 200: leadActionResult },
      },
    },
    async (request) => {
      const outcome = await bulk.apply(request.body, request.currentUser!.id);
      if (outcome.kind === 'changed')
        throw preconditionFailed(
          `${leadsText(outcome.leads.length)} changed or were deleted since you loaded them, so nothing was changed. Reload the leads and try again.`,
          { leads: outcome.leads },
        );
      return outcome.result;
    },
  );
};

/** POST /api/lead-actions/{id}/undo: puts back what a bulk action or an import changed. */
export const leadActionsRoutes: FastifyPluginAsyncZod<{
  undo: ReturnType<typeof createLeadActionUndo>;
  authenticate: Authenticate;
}> = async (app, { undo, authenticate }) => {
  guardEveryRoute(app, authenticate('Admin', 'Manager'));

  app.post(
    '/:id/undo',
    {
      schema: {
        tags,
        summary: 'Undo a bulk action or an import, if none of its leads changed since (Admin, Manager)',
        description:
          'All or nothing, recorded in the leads’ history as an action of its own. 409 when the action was undone already, or when leads changed since it (`leads`, each `{id, version}`).',
        params: idParams,
        response: { 200: leadActionResult },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await undo.undo(id, request.currentUser!.id);
      switch (outcome.kind) {
        case 'missing':
          throw notFound(`There is no action ${id}.`);
        case 'alreadyUndone':
          throw conflict('This action was undone already.', { undoneAt: outcome.undoneAt });
        case 'isUndo':
          throw conflict('An undo cannot itself be undone. Make the change again instead.');
        case 'changed':
          throw conflict(
            `${leadsText(outcome.leads.length)} changed since this action, so nothing was undone. Change them back by hand if you still need to.`,
            { leads: outcome.leads },
          );
        case 'done':
          return outcome.result;
      }
    },
  );
};
