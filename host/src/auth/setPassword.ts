import { apiResult, routes } from '@auditdesk/shared';

export const MIN_PASSWORD_LENGTH = 12;

/** Spends a one-time link; answers null on success or the reason it failed. */
export async function setPassword(token: string, password: string): Promise<string | null> {
  const result = await apiResult(routes.authSetPassword, { body: { token, password } });
  if (result.success) return null;
  const fieldError = result.problem?.errors ? Object.values(result.problem.errors)[0]?.[0] : undefined;
  return fieldError ?? result.problem?.detail ?? result.error ?? 'An error occurred';
}
