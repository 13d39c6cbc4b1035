import type { Operation } from '../contract/operations/operation';
import type { AnswerOf, BodyIn, ParamsIn, QueryIn } from '../contract/operations/operationTypes';
import type { OperationId } from '../contract/operations/routes';
import { ApiError, failureMessage } from './apiError';
import { apiRequest } from './apiRequest';
import type { ApiRequestOptions, ApiResult } from './apiTypes';

type Slot<Name extends string, T> = [T] extends [never] ? { [N in Name]?: never } : { [N in Name]: T };
type Optional<Name extends string, T> = [T] extends [never] ? { [N in Name]?: never } : { [N in Name]?: T };

/** What a call of operation K sends: its path parameters, query and body, typed by the contract. */
export type CallInput<K extends OperationId> = Slot<'params', ParamsIn<K>> &
  Optional<'query', QueryIn<K>> &
  Slot<'body', BodyIn<K>> &
  Pick<ApiRequestOptions, 'headers' | 'signal' | 'accept'>;

type Args<K extends OperationId> =
  object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

/** The address of an operation under /api, its path parameters and query filled in. */
export function operationPath(operation: Operation, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = operation.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== null) query.append(name, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

function request<K extends OperationId>(operation: Operation<K>, input: CallInput<K> | undefined) {
  const { body, headers, signal, accept } = (input ?? {}) as CallInput<K> & { body?: unknown };
  return apiRequest<AnswerOf<K>>(operationPath(operation, input as { params?: object; query?: object }), {
    method: operation.method,
    body,
    headers,
    signal,
    accept,
  });
}

/** Calls an operation; the answer as `{ success, data, error }` (spec section 7), never a throw. */
export function apiResult<K extends OperationId>(
  operation: Operation<K>,
  ...[input]: Args<K>
): Promise<ApiResult<AnswerOf<K>>> {
  return request(operation, input);
}

/**
 * Calls an operation for TanStack Query: resolves with the answer or throws an ApiError whose
 * message is `describe`'s (by default the server's explanation).
 */
export function api<K extends OperationId>(
  operation: Operation<K>,
  ...[input]: Args<K>
): Promise<AnswerOf<K>> {
  return apiDescribed(operation, failureMessage, ...([input] as Args<K>));
}

/** `api` with the failure's text chosen by the caller. */
export async function apiDescribed<K extends OperationId>(
  operation: Operation<K>,
  describe: (result: ApiResult<AnswerOf<K>>) => string,
  ...[input]: Args<K>
): Promise<AnswerOf<K>> {
  const result = await request(operation, input);
  if (!result.success) throw new ApiError(describe(result), result.status, result.problem);
  return result.data as AnswerOf<K>;
}
