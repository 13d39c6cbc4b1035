import { routes, type Access, type OperationId } from '@auditdesk/shared/core';
import type { FastifyInstance } from 'fastify';
import {
  routeOperation,
  type OperationHandler,
  type OperationOptions,
} from '../../platform/http/routeOperation';
import type { Authenticate } from './authenticate';

export type {
  OperationHandler,
  OperationOptions,
  OperationRequest,
} from '../../platform/http/routeOperation';

export type RegisterOperation = <K extends OperationId>(
  id: K,
  handler: OperationHandler<K>,
  options?: OperationOptions,
) => void;

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Registers operations of the route table (@auditdesk/shared/core `routes`) on an app under
 * /api: method, path and schemas come from the table, and its access becomes the one guard —
 * the authenticate hook, first on the route, before the body is read.
 */
export function operationRoutes(app: FastifyInstance, authenticate: Authenticate): RegisterOperation {
  return (id, handler, options = {}) => {
    const access = routes[id].access as Access;
    const guard =
      access === 'public' ? [] : [access === 'signed-in' ? authenticate() : authenticate(...access)];
    routeOperation(app, id, handler, { ...options, onRequest: [...guard, ...listOf(options.onRequest)] });
  };
}
