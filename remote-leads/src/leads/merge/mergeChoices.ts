import {
  bothTexts,
  leadFieldRow,
  MERGEABLE_LEAD_FIELDS,
  mergeSurvivor,
  preselectMerge,
  type LeadDetail,
  type MergeableLeadField,
  type MergeSide,
} from '@auditdesk/shared';

/** Where a field's merged value comes from: the kept lead, the gone one, or both texts. */
export type MergePick = 'kept' | 'gone' | 'both';

export const sideOf = (lead: LeadDetail): MergeSide => ({
  id: lead.id,
  source: lead.source,
  updatedAt: lead.updatedAt,
  values: Object.fromEntries(
    MERGEABLE_LEAD_FIELDS.map((field) => [field, lead[field]]),
  ) as MergeSide['values'],
  officeFields: lead.officeValues.map((value) => value.field),
});

/** The two leads in the merge's order: the one that stays first (mergeSurvivor). */
export function mergePair(first: LeadDetail, second: LeadDetail) {
  const [kept, gone] = mergeSurvivor(first, second);
  const sides = [sideOf(kept), sideOf(gone)] as const;
  return { kept, gone, sides };
}

const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/** The fields whose values differ, each with the picks it offers. */
export function differingFields(sides: readonly [MergeSide, MergeSide]) {
  return MERGEABLE_LEAD_FIELDS.filter((field) => !same(sides[0].values[field], sides[1].values[field])).map(
    (field) => ({
      field,
      picks: (leadFieldRow(field).merge === 'both' && bothTexts(field, sides) !== null
        ? ['kept', 'gone', 'both']
        : ['kept', 'gone']) as MergePick[],
    }),
  );
}

/** The value a pick gives a field. */
export function valueOfPick(
  field: MergeableLeadField,
  pick: MergePick,
  sides: readonly [MergeSide, MergeSide],
) {
  if (pick === 'both') return bothTexts(field, sides);
  return sides[pick === 'kept' ? 0 : 1].values[field];
}

/** The preselected pick of each differing field. */
export function preselectedPicks(
  sides: readonly [MergeSide, MergeSide],
): Partial<Record<MergeableLeadField, MergePick>> {
  const values = preselectMerge(sides);
  return Object.fromEntries(
    differingFields(sides).map(({ field, picks }) => [
      field,
      picks.find((pick) => same(valueOfPick(field, pick, sides), values[field])) ?? 'kept',
    ]),
  );
}
