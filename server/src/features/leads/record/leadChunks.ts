import type { LeadRecord } from './leadRecord';

/**
 * Leads handed over a chunk at a time, as often as asked: a run's leads may be more than
 * memory should hold (see runLeads), so the steps that go through them (the spreadsheet, the
 * database) read them in order, one chunk after another.
 */
export interface LeadChunks<T extends LeadRecord = LeadRecord> {
  /** With `formatted`, only the leads whose isFormatted is that (one sheet's). */
  chunks(formatted?: boolean): Iterable<readonly T[]>;
}

/** The leads of a chunk `chunks(formatted)` asks for. */
export const ofFormatting = <T extends LeadRecord>(leads: readonly T[], formatted?: boolean): readonly T[] =>
  formatted === undefined ? leads : leads.filter((lead) => lead.isFormatted === formatted);

/** Leads already in memory as one chunk. */
export const leadChunksOf = <T extends LeadRecord>(
  leads: readonly T[],
): LeadChunks<T> & { size: number } => ({
  size: leads.length,
  chunks: (formatted) => (leads.length === 0 ? [] : [ofFormatting(leads, formatted)]),
});

/** Every lead of the chunks in one array (for a step that must see them all at once). */
export function allLeads<T extends LeadRecord>(leads: LeadChunks<T>): T[] {
  const all: T[] = [];
  for (const chunk of leads.chunks()) for (const lead of chunk) all.push(lead);
  return all;
}
