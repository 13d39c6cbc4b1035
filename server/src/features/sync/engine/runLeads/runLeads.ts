import { RUN_LEADS_IN_MEMORY } from '../../../../platform/config/runLeadsInMemory';
import { ofFormatting, type LeadChunks } from '../../../leads/record/leadChunks';
import type { HashedLead } from '../../../leads/record/leadContentHash';
import { leadFingerprint, sortFingerprints } from './leadFingerprint';
import { createRunLeadsScratch } from './runLeadsScratch';

/**
 * The leads of one sync run as its events arrive. A calendar may hold hundreds of thousands
 * of events (DESIGN.md section 8: memory flat as the calendar grows), so past `spillAt`
 * leads they move to a scratch database on disk, and every later step reads them back a
 * chunk at a time; a run of a usual size stays in memory, where it costs nothing to read.
 * Leads sharing a leadId (a calendar quirk) would fight over one row: the last one wins, in
 * the place of the first, wherever they are held.
 */
export interface RunLeads extends LeadChunks<HashedLead> {
  readonly size: number;
  add(leads: readonly HashedLead[]): void;
  /** Every lead's fingerprint (leadFingerprint), sorted: read afresh each time. */
  fingerprints(): Iterable<string>;
  /** Lets go of the scratch database, if the run had one. */
  close(): void;
}

/** Leads read back at a time once they are on disk. */
const CHUNK = 2_000;

export function createRunLeads({ spillAt = RUN_LEADS_IN_MEMORY }: { spillAt?: number } = {}): RunLeads {
  let memory: Map<string, HashedLead> | null = new Map();
  let scratch: ReturnType<typeof createRunLeadsScratch> | null = null;
  return {
    get size() {
      return memory ? memory.size : scratch!.size();
    },
    add(leads) {
      if (!memory) return scratch!.add(leads);
      for (const lead of leads) memory.set(lead.leadId, lead);
      if (memory.size < spillAt) return;
      scratch = createRunLeadsScratch(CHUNK);
      scratch.add(memory.values());
      memory = null;
    },
    chunks(formatted) {
      if (!memory) return scratch!.chunks(formatted);
      return memory.size === 0 ? [] : [ofFormatting([...memory.values()], formatted)];
    },
    find(leadId) {
      return memory ? memory.get(leadId) : scratch!.find(leadId);
    },
    fingerprints() {
      if (!memory) return scratch!.fingerprints();
      return sortFingerprints([...memory.values()].map(leadFingerprint));
    },
    close() {
      scratch?.close();
      scratch = null;
      memory = new Map();
    },
  };
}
