import { leadReplace, type DuplicateReason } from '@auditdesk/shared/core';
import { looseText } from '../duplicates/duplicateKeys';
import { DUPLICATE_KEYS, type KeyedFields } from '../duplicates/findDuplicates';
import type { ImportRow } from './importTable';
import type { ImportPlanner } from './planImport';

/** A live lead as the import matches rows with it: its ids, its keys' fields and its visit. */
export interface LiveLead extends KeyedFields {
  id: number;
  leadId: string;
  scheduledDate: string | null;
}

/** An existing lead a row looks like, and why (the duplicates' reasons). */
export interface DuplicateCandidate {
  lead: LiveLead;
  reasons: DuplicateReason[];
}

/** What the person chose for rows that look like an existing lead: by default, and row by row. */
export interface DuplicateChoices {
  /** update: the row updates the lead it looks like (the likeliest one); new: it is a new lead. */
  all: 'update' | 'new';
  /** A row (by number) to the Lead ID of the lead it updates, or 'new'. */
  rows: Readonly<Record<string, string>>;
}

export const DEFAULT_CHOICES: DuplicateChoices = { all: 'update', rows: {} };

const REASONS = Object.keys(DUPLICATE_KEYS) as DuplicateReason[];
/** Holders of one key a row is compared with at most (the newest): a placeholder e-mail shared by thousands says little. */
const HOLDERS_PER_KEY = 20;
/** Candidates a row lists at most. */
export const CANDIDATES_PER_ROW = 3;

/** The longest text a key field may hold: a longer one makes its row an error, so it is not keyed. */
const KEYED_MAX = Math.max(
  ...(['customerName', 'address', 'phoneNumber'] as const).map(
    (field) => (leadReplace.shape[field] as { maxLength?: number | null }).maxLength ?? 4000,
  ),
  320,
);

/**
 * The live leads, by Lead ID and by each duplicate key (the duplicates' own, findDuplicates.ts),
 * filled a page at a time as they are read.
 */
export function createLiveLeadIndex() {
  const byLeadId = new Map<string, LiveLead>();
  const byKey = REASONS.map(() => new Map<string, LiveLead[]>());
  return {
    add(leads: readonly LiveLead[]) {
      for (const lead of leads) {
        byLeadId.set(lead.leadId, lead);
        REASONS.forEach((reason, index) => {
          const key = DUPLICATE_KEYS[reason](lead);
          if (key === null) return;
          const holders = byKey[index]!.get(key);
          if (holders) holders.push(lead);
          else byKey[index]!.set(key, [lead]);
        });
      }
    },
    byLeadId: (leadId: string) => byLeadId.get(leadId),
    /**
     * The leads that share a key with these fields: those sharing most first (a lead of the
     * same name counting one more: a phone shared by two people goes to the one named), then
     * the newest visit.
     */
    candidates(fields: KeyedFields): DuplicateCandidate[] {
      if (byLeadId.size === 0) return [];
      const found = new Map<number, DuplicateCandidate>();
      REASONS.forEach((reason, index) => {
        const key = DUPLICATE_KEYS[reason](fields);
        if (key === null) return;
        for (const lead of byKey[index]!.get(key)?.slice(-HOLDERS_PER_KEY) ?? []) {
          const known = found.get(lead.id);
          if (known) known.reasons.push(reason);
          else found.set(lead.id, { lead, reasons: [reason] });
        }
      });
      const name = looseText(fields.customerName);
      const weight = ({ lead, reasons }: DuplicateCandidate) =>
        reasons.length + (name !== '' && looseText(lead.customerName) === name ? 1 : 0);
      return [...found.values()].sort(
        (left, right) =>
          weight(right) - weight(left) ||
          (right.lead.scheduledDate ?? '').localeCompare(left.lead.scheduledDate ?? '') ||
          right.lead.id - left.lead.id,
      );
    },
  };
}

export type LiveLeadIndex = ReturnType<typeof createLiveLeadIndex>;

/** Which lead a row goes to: by id (null: a new lead), or why it cannot go anywhere. */
export type RowMatch =
  | { target: number | null; candidates: DuplicateCandidate[]; error?: undefined }
  | { target: null; candidates: DuplicateCandidate[]; error: string; leadId: string | null };

export type RowMatcher = (row: ImportRow) => RowMatch;

/**
 * Decides, row by row in file order, which lead each row updates: the lead its Lead ID names;
 * else, when it looks like existing leads (a phone, an e-mail, or a name and address they
 * share), the one the person chose, or by default the likeliest not taken by an earlier row;
 * else none (a new lead). A lead is updated by one row of a file at most.
 */
export function createRowMatcher(
  index: LiveLeadIndex,
  planner: ImportPlanner,
  choices: DuplicateChoices,
): RowMatcher {
  const taken = new Map<number, number>();
  const keyed = (row: ImportRow, field: keyof KeyedFields) => {
    const text = planner.textOf(row, field);
    return text.length > KEYED_MAX ? '' : text;
  };

  return (row: ImportRow): RowMatch => {
    const named = planner.leadIdOf(row);
    const lead = named ? index.byLeadId(named) : undefined;
    if (lead) {
      const earlier = taken.get(lead.id);
      if (earlier !== undefined)
        return {
          target: null,
          candidates: [],
          leadId: lead.leadId,
          error: `Lead ID ${lead.leadId} is also in row ${earlier}; a lead can be in a file once.`,
        };
      taken.set(lead.id, row.number);
      return { target: lead.id, candidates: [] };
    }
    const candidates = index.candidates({
      customerName: keyed(row, 'customerName'),
      address: keyed(row, 'address'),
      email: keyed(row, 'email'),
      phoneNumber: keyed(row, 'phoneNumber'),
    });
    const choice = choices.rows[String(row.number)] ?? choices.all;
    if (choice === 'new' || (candidates.length === 0 && choice === 'update'))
      return { target: null, candidates };
    if (choice === 'update') {
      const free = candidates.find((candidate) => !taken.has(candidate.lead.id));
      if (free) taken.set(free.lead.id, row.number);
      return { target: free?.lead.id ?? null, candidates };
    }
    const chosen = candidates.find((candidate) => candidate.lead.leadId === choice);
    if (!chosen)
      return {
        target: null,
        candidates,
        leadId: null,
        error: `The lead chosen for this row (${choice}) no longer looks like it. Preview the file again.`,
      };
    const earlier = taken.get(chosen.lead.id);
    if (earlier !== undefined)
      return {
        target: null,
        candidates,
        leadId: chosen.lead.leadId,
        error: `${chosen.lead.customerName} (${chosen.lead.leadId}) is also updated by row ${earlier}; a lead can be updated by one row of a file. Choose "New lead" for one of them.`,
      };
    taken.set(chosen.lead.id, row.number);
    return { target: chosen.lead.id, candidates };
  };
}
