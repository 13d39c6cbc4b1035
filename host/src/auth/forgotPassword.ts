import { apiResult, routes } from '@auditdesk/shared';

/** Asks for a reset link; answers the server's message, or throws what went wrong. */
export async function requestPasswordReset(email: string): Promise<string> {
  const result = await apiResult(routes.authForgotPassword, { body: { email } });
  if (result.success && result.data) return result.data.message;
  const fieldError = result.problem?.errors ? Object.values(result.problem.errors)[0]?.[0] : undefined;
  throw new Error(fieldError ?? result.problem?.detail ?? result.error ?? 'An error occurred');
}
