import type { LeadRecord } from './leadRecord';

/**
 * Leads handed over a chunk at a time, as often as asked: a run's leads may be more than
 * memory should hold (see runLeads), so the steps that go through them (the spreadsheet, the
 * database) read them in order, one chunk after another, and look single ones up.
 */
export interface LeadChunks<T extends LeadRecord = LeadRecord> {
  /** With `formatted`, only the leads whose isFormatted is that (one sheet's). */
  chunks(formatted?: boolean): Iterable<readonly T[]>;
  /** The lead of this leadId, if there is one. */
  find(leadId: string): T | undefined;
}

/** The leads of a chunk `chunks(formatted)` asks for. */
export const ofFormatting = <T extends LeadRecord>(leads: readonly T[], formatted?: boolean): readonly T[] =>
  formatted === undefined ? leads : leads.filter((lead) => lead.isFormatted === formatted);

/** Leads already in memory as one chunk. */
export function leadChunksOf<T extends LeadRecord>(leads: readonly T[]): LeadChunks<T> & { size: number } {
  let byLeadId: Map<string, T> | null = null;
  return {
    size: leads.length,
    chunks: (formatted) => (leads.length === 0 ? [] : [ofFormatting(leads, formatted)]),
    find: (leadId) => (byLeadId ??= new Map(leads.map((lead) => [lead.leadId, lead]))).get(leadId),
  };
}
