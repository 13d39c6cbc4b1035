import {
  routeIo,
  routes,
  type BodyOf,
  type HeadersOf,
  type OperationId,
  type OperationIo,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
  type Routes,
} from '@auditdesk/shared/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

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

/** What a route may add to its table entry: more hooks (a rate limit), a body limit, config. */
export type OperationOptions = Partial<
  Pick<RouteOptions, 'onRequest' | 'preHandler' | 'bodyLimit' | 'config'>
>;

/** The operations anyone may call: the only ones registered without the authenticate guard. */
export type PublicOperationId = {
  [K in OperationId]: Routes[K]['access'] extends 'public' ? K : never;
}[OperationId];

/**
 * Registers one operation of the route table (@auditdesk/shared/core `routes`) on an app under
 * /api: method, path and schemas come from the table, the hooks from the caller. The guard its
 * access asks for is the caller's to put first (features/auth's `operationRoutes` does).
 */
export function routeOperation<K extends OperationId>(
  app: FastifyInstance,
  id: K,
  handler: OperationHandler<K>,
  options: OperationOptions = {},
): void {
  const { method, path } = routes[id];
  const io: OperationIo & { tags?: string[] } = routeIo[id];
  app.route({
    ...options,
    method,
    url: path,
    // only the parts the operation has: Fastify warns of a part that is named but missing
    schema: Object.fromEntries(
      Object.entries({
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
      }).filter(([, part]) => part !== undefined),
    ),
    handler: handler as RouteOptions['handler'],
  });
}

/** Registers an operation the table opens to anyone; the platform's own routes (health) use it. */
export const publicOperation = <K extends PublicOperationId>(
  app: FastifyInstance,
  id: K,
  handler: OperationHandler<K>,
  options?: OperationOptions,
): void => routeOperation(app, id, handler, options);
