import { API_ERRORS, errorMessage } from './apiErrors';
import type { ApiRequestOptions, ApiResult, ProblemDetails } from './apiTypes';
import { apiUrl } from './apiUrl';
import { DEV_TOKEN_PREFIX } from './devFallback/devFallback';

async function readBody(response: Response, asText: boolean): Promise<unknown> {
  const text = await response.text();
  if (asText) return text;
  if (!text) return undefined;
  return JSON.parse(text) as unknown;
}

/** A failure without problem details (a proxy's page, an empty body): its status line. */
const statusOnly = (response: Response): ProblemDetails | undefined =>
  response.statusText ? { status: response.status, title: response.statusText } : undefined;

/** One HTTP exchange with the API: JSON in and out, credentials, the bearer token. */
export async function sendRequest<T>(
  path: string,
  options: ApiRequestOptions,
  token: string | null,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token && !token.startsWith(DEV_TOKEN_PREFIX)) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    return { success: false, error: errorMessage(error) };
  }

  let body: unknown;
  try {
    // a failure is problem details (JSON) whatever was asked for
    body = await readBody(response, Boolean(options.accept) && response.ok);
  } catch {
    if (response.ok) return { success: false, status: response.status, error: API_ERRORS.invalidJson };
    body = undefined;
  }
  if (!response.ok) {
    return {
      success: false,
      status: response.status,
      error: API_ERRORS.httpStatus(response.status),
      problem: body && typeof body === 'object' ? (body as ProblemDetails) : statusOnly(response),
    };
  }
  return { success: true, status: response.status, data: body as T };
}
