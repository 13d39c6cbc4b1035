import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { databaseUnavailable } from '../db/databaseUnavailable';
import { HttpProblem } from './httpProblem';

export function problemBody(status: number, detail: string, extras: Record<string, unknown> = {}) {
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, ...extras };
}

function problem(reply: FastifyReply, status: number, detail: string, extras: Record<string, unknown> = {}) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send(problemBody(status, detail, extras));
}

/** Field → messages, from the validation failures of a request. */
function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field = [
        error.validationContext ?? 'request',
        ...issue.instancePath.split('/').filter(Boolean),
      ].join('.');
      (errors[field] ??= []).push(issue.message ?? 'is not valid');
    }
  }
  return errors;
}

/** Fastify's own client errors say what went wrong in words a caller can act on. */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here; send application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but the content type says JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_BAD_URL: 'The address of the request is not valid.',
};

/**
 * The one error handler: every failure leaves as application/problem+json (RFC 9457).
 * Client errors explain themselves; server errors are logged and say nothing inside.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpProblem) {
      reply.headers(error.headers);
      return problem(reply, error.statusCode, error.detail, error.extras);
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: unavailable }, 'the database is unavailable');
      if (unavailable.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(unavailable.retryAfterSeconds));
      return problem(reply, 503, `The database is unavailable: ${unavailable.message}`);
    }
    if (error.validation) {
      return problem(reply, 400, 'The request is not valid.', { errors: fieldErrors(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'a response broke its schema');
      return problem(reply, 500, 'An unexpected error occurred. It has been logged.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return problem(reply, status, (error.code && FASTIFY_DETAILS[error.code]) ?? error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return problem(reply, 500, 'An unexpected error occurred. It has been logged.');
  });

  app.setNotFoundHandler((request, reply) =>
    problem(reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}.`),
  );
});
