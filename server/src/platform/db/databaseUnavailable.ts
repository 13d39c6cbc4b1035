/**
 * The database could not be reached or refused this server (down, rate limited, a bad
 * credential): the request cannot be served now. The error handler answers 503 with the
 * message, and Retry-After when the database said when to come back.
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Drizzle's DrizzleQueryError, told by its shape: jest may load drizzle-orm's class twice. */
const isDrizzleQueryError = (error: unknown): error is Error & { cause: unknown } =>
  error instanceof Error && 'query' in error && 'params' in error && error.cause !== undefined;

/** The failure itself, not Drizzle's wrapper around it (which repeats the statement and its parameters). */
export function rootDatabaseError(error: unknown): unknown {
  let current = error;
  while (isDrizzleQueryError(current)) current = current.cause;
  return current;
}

/** The DatabaseUnavailableError behind `error`, if that is what it is. */
export function databaseUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  const root = rootDatabaseError(error);
  return root instanceof DatabaseUnavailableError ? root : undefined;
}
