import { routes, type Access, type OperationId, type Role } from '@auditdesk/shared/core';
import type { FastifyInstance } from 'fastify';
import { routeOperation, type OperationHandler, type OperationOptions } from './routeOperation';
import type { Authenticate } from './authenticate';

export type { OperationHandler, OperationOptions, OperationRequest } from './routeOperation';

/** What a feature's route may add; and the roles, where configuration chooses them (SYNC_ROLES) and the table holds the default. */
export type GuardedOperationOptions = OperationOptions & { access?: readonly Role[] };

export type RegisterOperation = <K extends OperationId>(
  id: K,
  handler: OperationHandler<K>,
  options?: GuardedOperationOptions,
) => void;

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Registers operations of the route table (@auditdesk/shared/core `routes`) on an app under
 * /api: method, path and schemas come from the table, and its access becomes the one guard —
 * the authenticate hook, first on the route, before the body is read.
 */
export function operationRoutes(app: FastifyInstance, authenticate: Authenticate): RegisterOperation {
  return (id, handler, { access: configured, ...options } = {}) => {
    const access = configured ?? (routes[id].access as Access);
    const guard =
      access === 'public' ? [] : [access === 'signed-in' ? authenticate() : authenticate(...access)];
    routeOperation(app, id, handler, { ...options, onRequest: [...guard, ...listOf(options.onRequest)] });
  };
}
