import type { ProblemDetails as ServerProblem } from '../contract/common';

/** The server's problem details (RFC 9457) as far as an answer carried them (a proxy's may not). */
export type ProblemDetails = Partial<ServerProblem>;

/** Every API call resolves to this shape; it never throws. */
export interface ApiResult<T> {
  success: boolean;
  data?: T;
  error?: string;
  /** HTTP status when the server answered. */
  status?: number;
  /** The server's explanation of a failure, when it gave one. */
  problem?: ProblemDetails;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** More request headers (If-Match for an edit that must not overwrite another). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A file's media type (text/calendar): a successful answer is that file's text, not JSON. */
  accept?: string;
}
