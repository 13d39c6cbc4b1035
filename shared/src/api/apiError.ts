import type { ApiResult, ProblemDetails } from './apiTypes';

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
