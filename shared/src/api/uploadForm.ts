import { authStore } from '../session/authStore';
import type { Operation } from '../contract/operations/operation';
import type { AnswerOf } from '../contract/operations/operationTypes';
import type { OperationId } from '../contract/operations/routes';
import { operationPath } from './api';
import { ApiError, failureMessage } from './apiError';
import { API_ERRORS } from './apiErrors';
import type { ApiResult, ProblemDetails } from './apiTypes';
import { apiUrl } from './apiUrl';
import { DEV_TOKEN_PREFIX } from './devFallback/devFallback';
import { refreshSession } from './refreshSession';

/** How much of a form has left the browser: bytes sent of the total. */
export type UploadProgress = (sent: number, total: number) => void;

function send<T>(operation: Operation, form: FormData, onProgress?: UploadProgress): Promise<ApiResult<T>> {
  const token = authStore.getState().token;
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(operation.method, apiUrl(operationPath(operation)));
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
 * Sends a multipart form (a file upload) to an operation of the route table and reports how
 * much of it was sent, which fetch cannot. Like api: the answer's JSON, or an ApiError with
 * the server's explanation; a 401 refreshes the session once and sends the form again.
 */
export async function uploadForm<K extends OperationId>(
  operation: Operation<K>,
  form: FormData,
  onProgress?: UploadProgress,
): Promise<AnswerOf<K>> {
  type Answer = AnswerOf<K>;
  let result = await send<Answer>(operation, form, onProgress);
  if (result.status === 401 && (await refreshSession()))
    result = await send<Answer>(operation, form, onProgress);
  if (result.status === 401) authStore.getState().clearSession();
  if (!result.success) throw new ApiError(failureMessage(result), result.status, result.problem);
  return result.data as Answer;
}
