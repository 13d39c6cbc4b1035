import type { DuplicateGroup, DuplicateReason, PossibleDuplicates } from '@auditdesk/shared/core';
import { emailKey, nameAndAddressKey, phoneKey } from './duplicateKeys';

/** A live lead as the duplicates pass reads it. */
export interface DuplicateSource {
  id: number;
  leadId: string;
  customerName: string;
  address: string;
  email: string;
  phoneNumber: string;
  scheduledDate: string | null;
  allDay: boolean;
  isFormatted: boolean;
}

export interface LeadPair {
  a: number;
  b: number;
}

/** The fields the keys are made of. */
export type KeyedFields = Pick<DuplicateSource, 'customerName' | 'address' | 'email' | 'phoneNumber'>;

/** Each reason's key of a lead (null: that field names nobody). The import matches its rows by them too. */
export const DUPLICATE_KEYS: Record<DuplicateReason, (lead: KeyedFields) => string | null> = {
  phone: (lead) => phoneKey(lead.phoneNumber),
  email: (lead) => emailKey(lead.email),
  nameAndAddress: (lead) => nameAndAddressKey(lead.customerName, lead.address),
};
const KEYS = DUPLICATE_KEYS;
const REASONS = Object.keys(KEYS) as DuplicateReason[];

/** Newest visit first (a lead without a date last), then the newest lead. */
const newestFirst = (left: DuplicateSource, right: DuplicateSource) =>
  (right.scheduledDate ?? '').localeCompare(left.scheduledDate ?? '') || right.id - left.id;

/** The dismissed pairs by lead, both ways. */
function partnersOf(dismissed: readonly LeadPair[]): Map<number, Set<number>> {
  const partners = new Map<number, Set<number>>();
  const add = (from: number, to: number) => {
    let set = partners.get(from);
    if (!set) partners.set(from, (set = new Set()));
    set.add(to);
  };
  for (const { a, b } of dismissed) {
    add(a, b);
    add(b, a);
  }
  return partners;
}

/** Union-find over lead ids: the clusters of groups that share a lead. */
function createClusters() {
  const parent = new Map<number, number>();
  const root = (id: number): number => {
    let top = id;
    while (parent.has(top) && parent.get(top) !== top) top = parent.get(top)!;
    let at = id;
    while (at !== top) {
      const next = parent.get(at) ?? top;
      parent.set(at, top);
      at = next;
    }
    return top;
  };
  return {
    root,
    join(ids: readonly number[]) {
      const first = root(ids[0]!);
      parent.set(first, first);
      for (const id of ids) parent.set(root(id), first);
    },
  };
}

/**
 * The possible duplicates among `leads` (the live ones), in one pass: each lead's three keys
 * go into a map per reason, and a key held by two leads or more is a group. O(leads), never
 * a comparison of every pair.
 *
 * Groups stay per key, not merged: a lead is called a possible duplicate only of the leads it
 * shares a phone, an e-mail or a name and address with, and the reason is said, because a
 * person deciding "same household?" needs to see what matched. A lead A sharing a phone with
 * B, and B an e-mail with C, does not make A a duplicate of C. For the filter's order only,
 * groups that share a lead form one cluster (merged transitively), so each lead is listed
 * once, next to everything it is linked with.
 *
 * A dismissed pair no longer counts: a lead whose every pair in a group is dismissed leaves
 * that group, a group left with one lead goes; the dismissed pairs inside the groups that
 * remain are answered so the others are still shown (A, B, C with A–B dismissed: A–C, B–C).
 */
export function findDuplicates(
  leads: readonly DuplicateSource[],
  dismissed: readonly LeadPair[],
): PossibleDuplicates {
  // most keys have one holder: it is kept alone, and a list is made only for a second one
  const firstHolder = REASONS.map(() => new Map<string, DuplicateSource>());
  const byKey = REASONS.map(() => new Map<string, DuplicateSource[]>());
  for (const lead of leads) {
    for (let reason = 0; reason < REASONS.length; reason += 1) {
      const key = KEYS[REASONS[reason]!](lead);
      if (key === null) continue;
      const first = firstHolder[reason]!.get(key);
      if (!first) {
        firstHolder[reason]!.set(key, lead);
        continue;
      }
      const holders = byKey[reason]!.get(key);
      if (holders) holders.push(lead);
      else byKey[reason]!.set(key, [first, lead]);
    }
  }

  const notDuplicates = partnersOf(dismissed);
  const clusters = createClusters();
  const found: { reason: DuplicateReason; members: DuplicateSource[] }[] = [];
  const dismissedInside = new Map<string, LeadPair>();
  REASONS.forEach((reason, index) => {
    for (const holders of byKey[index]!.values()) {
      const members = withoutDismissed(holders, notDuplicates, dismissedInside);
      if (members.length < 2) continue;
      members.sort(newestFirst);
      found.push({ reason, members });
      clusters.join(members.map((lead) => lead.id));
    }
  });

  // a cluster's rank: its newest lead, newest first, as the leads list is ordered
  const newestOfCluster = new Map<number, DuplicateSource>();
  const named = new Map<number, DuplicateSource>();
  for (const { members } of found) {
    const cluster = clusters.root(members[0]!.id);
    const newest = newestOfCluster.get(cluster);
    if (!newest || newestFirst(members[0]!, newest) < 0) newestOfCluster.set(cluster, members[0]!);
    for (const lead of members) named.set(lead.id, lead);
  }
  const rank = new Map(
    [...newestOfCluster.entries()]
      .sort(([, left], [, right]) => newestFirst(left, right))
      .map(([cluster], position) => [cluster, position]),
  );

  const groups: DuplicateGroup[] = found
    .map(({ reason, members }) => ({
      reason,
      cluster: rank.get(clusters.root(members[0]!.id))!,
      leadIds: members.map((lead) => lead.id),
    }))
    .sort(
      (left, right) =>
        left.cluster - right.cluster || REASONS.indexOf(left.reason) - REASONS.indexOf(right.reason),
    );
  return {
    groups,
    dismissed: [...dismissedInside.values()].sort((left, right) => left.a - right.a || left.b - right.b),
    leads: [...named.values()]
      .sort(newestFirst)
      .map(({ id, leadId, customerName, scheduledDate, allDay, isFormatted }) => ({
        id,
        leadId,
        customerName,
        scheduledDate,
        allDay,
        isFormatted,
      })),
  };
}

/**
 * The holders of one key that still have a pair that counts, and (into `inside`) the
 * dismissed pairs among those kept. A lead leaves only when all its pairs here are dismissed,
 * so no lead kept loses its last pair by it: one pass is enough. O(holders + dismissals).
 */
function withoutDismissed(
  holders: DuplicateSource[],
  notDuplicates: Map<number, Set<number>>,
  inside: Map<string, LeadPair>,
): DuplicateSource[] {
  if (!holders.some((lead) => notDuplicates.has(lead.id))) return [...holders];
  const here = new Set(holders.map((lead) => lead.id));
  const dismissedHere = (lead: DuplicateSource) => {
    let count = 0;
    for (const other of notDuplicates.get(lead.id) ?? []) if (here.has(other)) count += 1;
    return count;
  };
  const members = holders.filter((lead) => dismissedHere(lead) < holders.length - 1);
  const kept = new Set(members.map((lead) => lead.id));
  for (const id of kept)
    for (const other of notDuplicates.get(id) ?? [])
      if (id < other && kept.has(other)) inside.set(`${id}:${other}`, { a: id, b: other });
  return members;
}
