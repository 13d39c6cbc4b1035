import { createHash } from 'node:crypto';
import { ROLES, STAGE_SHARE_STEPS, type Role, type StageAudience } from '@auditdesk/shared/core';

/** A stage's audience as the database keeps it: named people by id (e-mails change). */
export type StoredAudience =
  { kind: 'role'; role: Role } | { kind: 'share'; share: number } | { kind: 'users'; userIds: number[] };

/** Who is asking, as a stage sees them. */
export interface Person {
  id: number;
  role: Role;
}

/** Higher is more: a role stage takes in its role and those above it. */
const RANK: Record<Role, number> = Object.fromEntries(
  ROLES.map((role, index) => [role, ROLES.length - index]),
) as Record<Role, number>;
const PLURAL: Record<Role, string> = { Admin: 'Admins', Manager: 'Managers', User: 'Users' };

/**
 * A person's place from 0 to 99 for a share stage: a stable hash of the remote, the release
 * and their id. Stable: they stay in or out while the stage lasts, and a larger share of the
 * same release keeps everyone a smaller one had. Per release: not always the same people first.
 */
export function sharePlace(remote: string, version: string, userId: number): number {
  return createHash('sha256').update(`${remote} ${version} ${userId}`).digest().readUInt32BE(0) % 100;
}

export function inAudience(
  audience: StoredAudience,
  person: Person,
  remote: string,
  version: string,
): boolean {
  switch (audience.kind) {
    case 'role':
      return RANK[person.role] >= RANK[audience.role];
    case 'share':
      return sharePlace(remote, version, person.id) < audience.share;
    case 'users':
      return audience.userIds.includes(person.id);
  }
}

/** The audience in words: "Admins", "Managers and Admins", "10 % of people", "2 people". */
export function describeAudience(audience: StoredAudience): string {
  switch (audience.kind) {
    case 'role': {
      const above = ROLES.filter((role) => RANK[role] > RANK[audience.role]).map((role) => PLURAL[role]);
      return audience.role === 'User'
        ? 'everyone signed in'
        : [PLURAL[audience.role], ...above.reverse()].join(' and ');
    }
    case 'share':
      return `${audience.share} % of people`;
    case 'users':
      return audience.userIds.length === 1 ? '1 person' : `${audience.userIds.length} people`;
  }
}

/**
 * What Advance does: Admins → Managers (and Admins) → everyone; a share → the next step of
 * STAGE_SHARE_STEPS → everyone; named people → everyone.
 */
export function nextAudience(audience: StoredAudience): StoredAudience | 'everyone' {
  if (audience.kind === 'role') {
    const lower = ROLES.filter((role) => role !== 'User' && RANK[role] === RANK[audience.role] - 1);
    return lower[0] ? { kind: 'role', role: lower[0] } : 'everyone';
  }
  if (audience.kind === 'share') {
    const step = STAGE_SHARE_STEPS.find((share) => share > audience.share);
    return step ? { kind: 'share', share: step } : 'everyone';
  }
  return 'everyone';
}

export const describeNext = (audience: StoredAudience): string => {
  const next = nextAudience(audience);
  return next === 'everyone' ? 'everyone' : describeAudience(next);
};

/** The stored form of an audience the API or the command line gave (e-mails already resolved). */
export function storedAudience(given: StageAudience, userIds: number[]): StoredAudience {
  if (given.kind === 'users') return { kind: 'users', userIds };
  return given;
}

export function parseStoredAudience(json: string): StoredAudience {
  return JSON.parse(json) as StoredAudience;
}
