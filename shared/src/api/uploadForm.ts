import { authStore } from '../auth/authStore';
import { ApiError, failureMessage } from './apiData';
import { API_ERRORS } from './apiErrors';
import type { ApiResult, ProblemDetails } from './apiTypes';
import { apiUrl } from './apiUrl';
import { DEV_TOKEN_PREFIX } from './devFallback/devFallback';
import { refreshSession } from './refreshSession';

/** How much of a form has left the browser: bytes sent of the total. */
export type UploadProgress = (sent: number, total: number) => void;

function send<T>(path: string, form: FormData, onProgress?: UploadProgress): Promise<ApiResult<T>> {
  const token = authStore.getState().token;
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    if (token && !token.startsWith(DEV_TOKEN_PREFIX))
      request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    request.onerror = () =>
      resolve({ success: false, error: 'The file could not be sent: the server did not answer. Try again.' });
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(
          body === undefined
            ? { success: false, status: request.status, error: API_ERRORS.invalidJson }
            : { success: true, status: request.status, data: body as T },
        );
        return;
      }
      resolve({
        success: false,
        status: request.status,
        error: API_ERRORS.httpStatus(request.status),
        problem: body && typeof body === 'object' ? (body as ProblemDetails) : undefined,
      });
    };
    request.send(form);
  });
}

/**
 * Posts a multipart form (a file upload) and reports how much of it was sent, which fetch
 * cannot. Like apiData: the answer's JSON, or an ApiError with the server's explanation;
 * a 401 refreshes the session once and sends the form again.
 */
export async function uploadForm<T>(path: string, form: FormData, onProgress?: UploadProgress): Promise<T> {
  let result = await send<T>(path, form, onProgress);
  if (result.status === 401 && (await refreshSession())) result = await send<T>(path, form, onProgress);
  if (result.status === 401) authStore.getState().clearSession();
  if (!result.success) throw new ApiError(failureMessage(result), result.status, result.problem);
  return result.data as T;
}
