/** RFC 9457 problem details, as the Auditdesk server answers errors. */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Record<string, string[]>;
}

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
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}
