import { apiRequest } from './apiRequest';
import type { ApiRequestOptions, ApiResult, ProblemDetails } from './apiTypes';

/** A failed API call, with what the screen says about it and what the server explained. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly problem: ProblemDetails | undefined,
  ) {
    super(message);
  }
}

/** What a failure says by default: the server's detail and field errors, else the client's own text. */
export function failureMessage(result: ApiResult<unknown>): string {
  const fields = result.problem?.errors ? Object.values(result.problem.errors).flat().join(' ') : '';
  return [result.problem?.detail, fields].filter(Boolean).join(' ') || result.error || 'An error occurred';
}

/**
 * An API call for TanStack Query (spec section 7's `{ success, data, error }` kept in one
 * place): resolves with the data, or throws an ApiError whose message is `describe`'s (by
 * default the server's explanation).
 */
export async function apiData<T>(
  path: string,
  options: ApiRequestOptions = {},
  describe: (result: ApiResult<T>) => string = failureMessage,
): Promise<T> {
  const result = await apiRequest<T>(path, options);
  if (!result.success) throw new ApiError(describe(result), result.status, result.problem);
  return result.data as T;
}
