import type { DuplicateLead, DuplicateReason, PossibleDuplicates } from '@auditdesk/shared';

/** Another lead a lead may be the same household as, and what they share. */
export interface DuplicateMatch {
  lead: DuplicateLead;
  reasons: DuplicateReason[];
}

export const REASON_TEXT: Record<DuplicateReason, string> = {
  phone: 'same phone',
  email: 'same e-mail',
  nameAndAddress: 'same name and address',
};

/** The server's answer, looked up by lead. Framework-free. */
export interface DuplicateIndex {
  has(id: number): boolean;
  /** The cluster's place in the filter's order; undefined for a lead without duplicates. */
  clusterOf(id: number): number | undefined;
  /**
   * The leads it shares a phone, e-mail, or name and address with (never one it reaches only
   * through a third), less the pairs dismissed, newest first. Built when asked: a shared
   * office number may tie hundreds of leads, whose every pair is not worth building upfront.
   */
  matchesOf(id: number): DuplicateMatch[];
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function indexDuplicates(answer: PossibleDuplicates): DuplicateIndex {
  const leads = new Map(answer.leads.map((lead, order) => [lead.id, { lead, order }]));
  const dismissed = new Set(answer.dismissed.map(({ a, b }) => pairKey(a, b)));
  const groupsOf = new Map<number, PossibleDuplicates['groups']>();
  const cluster = new Map<number, number>();
  for (const group of answer.groups) {
    for (const id of group.leadIds) {
      groupsOf.set(id, [...(groupsOf.get(id) ?? []), group]);
      cluster.set(id, group.cluster);
    }
  }
  return {
    has: (id) => cluster.has(id),
    clusterOf: (id) => cluster.get(id),
    matchesOf(id) {
      const found = new Map<number, DuplicateReason[]>();
      for (const group of groupsOf.get(id) ?? [])
        for (const other of group.leadIds)
          if (other !== id && !dismissed.has(pairKey(id, other)))
            found.set(other, [...(found.get(other) ?? []), group.reason]);
      return [...found.entries()]
        .filter(([other]) => leads.has(other))
        .sort(([left], [right]) => leads.get(left)!.order - leads.get(right)!.order)
        .map(([other, reasons]) => ({ lead: leads.get(other)!.lead, reasons }));
    },
  };
}

/**
 * The filter "Possible duplicates": only the rows with duplicates, each cluster's rows
 * together in the clusters' order (newest visit first); within a cluster the rows keep
 * the order they came in (the table's sort).
 */
export function groupedDuplicates<Row extends { id: number }>(
  rows: Row[],
  index: DuplicateIndex | null,
): Row[] {
  if (!index) return [];
  return rows
    .filter((row) => index.has(row.id))
    .map((row, position) => ({ row, position, cluster: index.clusterOf(row.id)! }))
    .sort((left, right) => left.cluster - right.cluster || left.position - right.position)
    .map(({ row }) => row);
}
