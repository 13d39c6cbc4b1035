import type { ApiResult } from '@auditdesk/shared';

export const USER_ERRORS = {
  load: 'Failed to load users',
  role: 'Failed to update user role. Changes not saved.',
  status: 'Failed to update user status. Changes not saved.',
  delete: 'Failed to delete user. User not removed.',
  create: 'Failed to create user',
  noToken: 'No authentication token found. Please login again.',
  connection: 'Failed to create user. Please check your connection and try again.',
  unauthenticated: 'Authentication required. Please login again.',
  forbidden: 'You do not have permission to add users',
  passwordLink: 'Failed to create the password link.',
  invitation: 'Failed to send the invitation.',
} as const;

const NO_REASON = 'the server gave no reason';

/** The spec's texts for a failed grant (section 8), by what went wrong. */
export function grantErrorMessage(result: ApiResult<unknown>): string {
  if (result.status === undefined) return USER_ERRORS.connection;
  if (result.status === 401) return USER_ERRORS.unauthenticated;
  if (result.status === 403) return USER_ERRORS.forbidden;
  // the server's explanation, never the client's own 'HTTP error! status: …'
  const body = result.problem?.detail || result.problem?.title || NO_REASON;
  return `Failed to create user: ${result.status} - ${body}`;
}

/** A refusal the server explained (409: self-protection, last admin) beats the generic text. */
export function withReason(generic: string, result: ApiResult<unknown>): string {
  return result.status === 409 && result.problem?.detail ? `${generic} ${result.problem.detail}` : generic;
}
