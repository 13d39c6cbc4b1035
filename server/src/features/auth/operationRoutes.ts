import {
  routeIo,
  routes,
  type Access,
  type BodyOf,
  type HeadersOf,
  type OperationId,
  type OperationIo,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
  type Role,
} from '@auditdesk/shared/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Authenticate } from './authenticate';

type Known<T> = [T] extends [never] ? unknown : T;

/** A request of operation K, typed by its schemas as the server parsed them. */
export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Params: Known<ParamsOf<K>>;
  Querystring: Known<QueryOf<K>>;
  Body: Known<BodyOf<K>>;
  Headers: Known<HeadersOf<K>>;
}>;

export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<ReplyOf<K> | FastifyReply | undefined>;

/**
 * What a route may add to its table entry: more hooks (a rate limit), a body limit, config;
 * and the roles, where configuration chooses them (SYNC_ROLES) and the table holds the default.
 */
export type OperationOptions = Partial<
  Pick<RouteOptions, 'onRequest' | 'preHandler' | 'bodyLimit' | 'config'> & { access: readonly Role[] }
>;

export type RegisterOperation = <K extends OperationId>(
  id: K,
  handler: OperationHandler<K>,
  options?: OperationOptions,
) => void;

// Fastify warns of each request part named without a schema (FSTWRN001), so the absent ones go
const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Registers operations of the route table (@auditdesk/shared/core `routes`) on an app under
 * /api: method, path and schemas come from the table, and its access becomes the one guard —
 * the authenticate hook, first on the route, before the body is read.
 */
export function operationRoutes(app: FastifyInstance, authenticate: Authenticate): RegisterOperation {
  return (id, handler, { access: configured, ...options } = {}) => {
    const { method, path } = routes[id];
    const access = configured ?? (routes[id].access as Access);
    const io: OperationIo & { tags?: string[] } = routeIo[id];
    const guard =
      access === 'public' ? [] : [access === 'signed-in' ? authenticate() : authenticate(...access)];
    app.route({
      ...options,
      method,
      url: path,
      onRequest: [...guard, ...listOf(options.onRequest)],
      schema: defined({
        tags: io.tags,
        summary: io.summary,
        description: io.description,
        params: io.params,
        querystring: io.query,
        body: io.body,
        headers: io.headers,
        response: io.response,
        consumes: io.consumes,
        produces: io.produces,
      }),
      handler: handler as RouteOptions['handler'],
    });
  };
}
