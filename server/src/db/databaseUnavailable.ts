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
