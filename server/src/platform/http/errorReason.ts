/**
 * An error's message for people, with the network cause Node's fetch hides behind
 * "fetch failed" (ECONNREFUSED, ENOTFOUND, a TLS problem…).
 */
export function errorReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message;
}
