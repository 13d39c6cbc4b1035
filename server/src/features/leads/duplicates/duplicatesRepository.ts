import type { PossibleDuplicates } from '@auditdesk/shared/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { createDataVersions } from '../../../platform/db/dataVersions';
import { duplicateDismissals, leads } from '../../../platform/db/schema';
import { findDuplicates, type LeadPair } from './findDuplicates';

/** What the duplicates pass reads of each live lead (findDuplicates.ts's DuplicateSource). */
export const duplicateSourceColumns = {
  id: leads.id,
  leadId: leads.leadId,
  customerName: leads.customerName,
  address: leads.address,
  email: leads.email,
  phoneNumber: leads.phoneNumber,
  scheduledDate: leads.scheduledDate,
  allDay: leads.allDay,
  isFormatted: leads.isFormatted,
};

/** A pair as it is kept: the smaller id first. */
const ordered = ({ a, b }: LeadPair): LeadPair => (a < b ? { a, b } : { a: b, b: a });

/** All SQL on duplicate_dismissals, and the one read of the leads the duplicates pass needs. */
export function createDuplicatesRepository(db: Database) {
  const { orm } = db;
  const versions = createDataVersions(db);
  const samePair = ({ a, b }: LeadPair) =>
    and(eq(duplicateDismissals.leadA, a), eq(duplicateDismissals.leadB, b));

  return {
    /** The live leads' keys read once, grouped in one pass (findDuplicates.ts). */
    async find(): Promise<PossibleDuplicates> {
      const live = await orm.select(duplicateSourceColumns).from(leads).where(isNull(leads.deletedAt)).all();
      const dismissed = await orm
        .select({ a: duplicateDismissals.leadA, b: duplicateDismissals.leadB })
        .from(duplicateDismissals)
        .all();
      return findDuplicates(live, dismissed);
    },

    /** Changes with every dismissal made or undone: with the leads' version, the answer's. */
    dismissalsVersion: () => versions.current('duplicate-dismissals'),

    /** The ids of the pair that are not live leads (none: the pair may be dismissed). */
    async missingOf(pair: LeadPair): Promise<number[]> {
      const found = await orm
        .select({ id: leads.id })
        .from(leads)
        .where(and(inArray(leads.id, [pair.a, pair.b]), isNull(leads.deletedAt)))
        .all();
      return [pair.a, pair.b].filter((id) => !found.some((lead) => lead.id === id));
    },

    /** "Not a duplicate": kept once, whoever says it again. */
    async dismiss(pair: LeadPair, userId: number): Promise<void> {
      await db.batch([
        orm
          .insert(duplicateDismissals)
          .values({ leadA: ordered(pair).a, leadB: ordered(pair).b, userId })
          .onConflictDoNothing(),
        versions.bumpIfChanged('duplicate-dismissals'),
      ]);
    },

    /** The pair counts again; nothing happens if it was not dismissed. */
    async restore(pair: LeadPair): Promise<void> {
      await db.batch([
        orm.delete(duplicateDismissals).where(samePair(ordered(pair))),
        versions.bumpIfChanged('duplicate-dismissals'),
      ]);
    },
  };
}

export type DuplicatesRepository = ReturnType<typeof createDuplicatesRepository>;
