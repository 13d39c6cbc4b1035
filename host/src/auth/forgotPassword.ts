import { apiResult, routes } from '@auditdesk/shared';

/** Whether "Forgot password?" can e-mail a link; null when the server could not be asked. */
export async function passwordResetByEmail(): Promise<boolean | null> {
  const result = await apiResult(routes.authOptions);
  return result.success && result.data ? result.data.passwordResetByEmail : null;
}

/** Asks for a reset link; answers the server's message, or throws what went wrong. */
export async function requestPasswordReset(email: string): Promise<string> {
  const result = await apiResult(routes.authForgotPassword, { body: { email } });
  if (result.success && result.data) return result.data.message;
  const fieldError = result.problem?.errors ? Object.values(result.problem.errors)[0]?.[0] : undefined;
  throw new Error(fieldError ?? result.problem?.detail ?? result.error ?? 'An error occurred');
}
