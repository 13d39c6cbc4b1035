import { badRequest } from '../../../platform/errors/httpProblem';

/**
 * The configured auditor (AUDITORS) a name means, in any case; any other name is refused
 * with 400 naming them. An agenda, its .ics file and a feed are only ever one of them: a
 * name from a link is never written into a calendar file.
 */
export function knownAuditor(auditors: readonly string[], name: string): string {
  const wanted = name.trim().toLowerCase();
  const auditor = auditors.find((known) => known.toLowerCase() === wanted);
  if (!auditor) throw badRequest(`Choose one of the auditors: ${auditors.join(', ')}.`);
  return auditor;
}
