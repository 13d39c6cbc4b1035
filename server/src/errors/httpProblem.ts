/** An error that answers as RFC 9457 problem details with its status. */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extras: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export const unauthorized = (detail = 'Authentication required.') => new HttpProblem(401, detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpProblem(403, detail);
export const notFound = (detail: string) => new HttpProblem(404, detail);
export const conflict = (detail: string, extras?: Record<string, unknown>) =>
  new HttpProblem(409, detail, extras);
