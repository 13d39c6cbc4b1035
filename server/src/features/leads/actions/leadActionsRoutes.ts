import { BULK_RESTORE_POINT_OVER } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../../platform/http/authenticate';
import { operationRoutes } from '../../../platform/http/operationRoutes';
import { conflict, notFound, preconditionFailed } from '../../../platform/errors/httpProblem';
import type { Notifier } from '../../notifications/notifier';
import type { createBulkLeadActions } from './bulkLeadActions';
import type { createLeadActionUndo } from './undoLeadAction';
import type { createLeadMerge } from '../merge/mergeLeads';

const leadsText = (count: number) => (count === 1 ? '1 lead' : `${count.toLocaleString('en-US')} leads`);

/**
 * POST /api/leads/bulk: a change or a delete of many leads, all or nothing; POST
 * /api/leads/merge: two leads made one; POST /api/lead-actions/{id}/undo: puts back what a bulk
 * action, an import or a merge changed (Admin, Manager).
 */
export const leadActionsRoutes: FastifyPluginAsync<{
  bulk: ReturnType<typeof createBulkLeadActions>;
  undo: ReturnType<typeof createLeadActionUndo>;
  merge: ReturnType<typeof createLeadMerge>;
  notifier: Pick<Notifier, 'actionUndone'>;
  authenticate: Authenticate;
  /** A restore point before a bulk change of more than a handful of leads (DESIGN.md section 22). */
  restorePoint?: (kind: 'bulk', reason: string) => Promise<void>;
}> = async (app, { bulk, undo, merge, notifier, authenticate, restorePoint }) => {
  const route = operationRoutes(app, authenticate);

  route('leadsBulk', async (request) => {
    const { leads, delete: deleting } = request.body;
    if (leads.length > BULK_RESTORE_POINT_OVER)
      await restorePoint?.(
        'bulk',
        `Before a bulk ${deleting ? 'delete' : 'change'} of ${leadsText(leads.length)} by ${request.currentUser!.fullName}`,
      );
    const outcome = await bulk.apply(request.body, request.currentUser!.id);
    if (outcome.kind === 'changed')
      throw preconditionFailed(
        `${leadsText(outcome.leads.length)} changed or were deleted since you loaded them, so nothing was changed. Reload the leads and try again.`,
        { leads: outcome.leads },
      );
    return outcome.result;
  });

  route('leadsMerge', async (request) => {
    const outcome = await merge.merge(request.body, request.currentUser!.id);
    if (outcome.kind === 'changed')
      throw preconditionFailed(
        `${outcome.leads.length === 1 ? 'One of the leads changed or was deleted' : 'Both leads changed or were deleted'} since you loaded them, so nothing was merged. Reload the leads and try again.`,
        { leads: outcome.leads },
      );
    return outcome.result;
  });

  route('leadsUndoAction', async (request) => {
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
      case 'done': {
        // anyone who may edit leads may undo anyone's action (docs/decisions.md); its maker hears of it
        const person = request.currentUser!;
        if (outcome.author !== null && outcome.author !== person.id)
          await notifier
            .actionUndone(outcome.author, outcome.result.action, person.fullName || person.email)
            .catch((error: unknown) => request.log.error({ err: error }, 'undo not announced'));
        return outcome.result;
      }
    }
  });
};
