/** An error that answers as RFC 9457 problem details with its status (and any headers it needs). */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extras: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export const badRequest = (detail: string) => new HttpProblem(400, detail);
export const unauthorized = (detail = 'Authentication required.') =>
  new HttpProblem(401, detail, {}, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpProblem(403, detail);
export const notFound = (detail: string) => new HttpProblem(404, detail);
export const conflict = (detail: string, extras?: Record<string, unknown>) =>
  new HttpProblem(409, detail, extras);
export const preconditionFailed = (detail: string, extras?: Record<string, unknown>) =>
  new HttpProblem(412, detail, extras);
export const serviceUnavailable = (detail: string, retryAfterSeconds?: number) =>
  new HttpProblem(503, detail, {}, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});
