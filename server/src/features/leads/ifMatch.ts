import type { FastifyRequest } from 'fastify';
import { preconditionFailed } from '../../platform/errors/httpProblem';

/** A lead's ETag: its version, quoted. */
export const leadEtag = (version: number) => `"${version}"`;

/**
 * The version an edit expects (If-Match), or undefined for none or `*`. An If-Match that
 * is not one of our ETags can never match: 412 at once.
 */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(header);
  if (!match) throw preconditionFailed('If-Match must be the ETag of the lead as you read it.');
  return Number(match[1]);
}
