import type { LeadFormValues } from './leadsApi';

/** The fields the person changed: only these go to the server, so nothing else is overwritten. */
export function leadChanges(before: LeadFormValues, after: LeadFormValues): Partial<LeadFormValues> {
  const changes: Partial<LeadFormValues> = {};
  for (const field of Object.keys(after) as (keyof LeadFormValues)[]) {
    if (after[field] !== before[field]) (changes as Record<string, unknown>)[field] = after[field];
  }
  return changes;
}
