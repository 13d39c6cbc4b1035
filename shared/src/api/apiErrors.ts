/** The client's error texts (spec section 8). */
export const API_ERRORS = {
  httpStatus: (status: number) => `HTTP error! status: ${status}`,
  unknown: 'Unknown error occurred',
  authenticationRequired: 'Authentication required',
  invalidJson: 'Server returned invalid JSON response',
  invalidTokenFormat: 'Invalid token format',
  loginFailed: 'Login failed',
} as const;

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : API_ERRORS.unknown;
}
