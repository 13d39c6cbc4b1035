// Which lead's value a merge preselects, per field (DESIGN.md section 24): the same rule for
// the dialog's first choice and for the fields a merge request leaves out. Plain data: the
// browser bundles it as it is.
import { leadFieldRow, MERGEABLE_LEAD_FIELDS, type MergeableLeadField } from '../contract/leadFields';
import type { LeadSource } from '../contract/vocabulary';

type MergeValue = string | null;

/** A lead as a merge weighs it: its values, where it comes from, when it changed last, its office values. */
export interface MergeSide {
  id: number;
  source: LeadSource;
  updatedAt: string;
  values: Record<MergeableLeadField, MergeValue>;
  /** The fields of a calendar lead that hold the office's own value (a manual lead's are all the office's). */
  officeFields: readonly string[];
}

/** The lead that stays: a calendar lead's row and Lead ID over a manual one's, else the first. */
export const mergeSurvivor = <T extends { source: LeadSource }>(first: T, second: T): [kept: T, gone: T] =>
  first.source === 'calendar' || second.source !== 'calendar' ? [first, second] : [second, first];

const isEmpty = (value: MergeValue) => value === null || value.trim() === '';
const isOffice = (side: MergeSide, field: MergeableLeadField) =>
  side.source === 'manual' || side.officeFields.includes(field);

/** The sides in the order a field prefers them: office values first, then the lead changed last. */
function preferred(field: MergeableLeadField, sides: readonly [MergeSide, MergeSide]): MergeSide[] {
  return [...sides].sort(
    (a, b) =>
      Number(isOffice(b, field)) - Number(isOffice(a, field)) || b.updatedAt.localeCompare(a.updatedAt),
  );
}

/** Both leads' texts, the preferred first, each once; null when together they are too long for the field. */
export function bothTexts(field: MergeableLeadField, sides: readonly [MergeSide, MergeSide]): string | null {
  const texts = [...new Set(preferred(field, sides).map((side) => side.values[field] ?? ''))].filter(
    (text) => text.trim() !== '',
  );
  const joined = texts.join('\n\n');
  const max = leadFieldRow(field).text?.max ?? Number.POSITIVE_INFINITY;
  return joined.length <= max ? joined : null;
}

/**
 * The value a field takes unless the person picks another: by the field's merge rule, the
 * preferred lead's value unless it is empty (an office value over a calendar value, then the
 * lead changed last), or both texts.
 */
export function preselectedValue(
  field: MergeableLeadField,
  sides: readonly [MergeSide, MergeSide],
): MergeValue {
  const order = preferred(field, sides);
  const newest = (order.find((side) => !isEmpty(side.values[field])) ?? order[0]!).values[field];
  if (leadFieldRow(field).merge === 'both') return bothTexts(field, sides) ?? newest;
  return newest;
}

/** Every mergeable field's preselected value. */
export const preselectMerge = (sides: readonly [MergeSide, MergeSide]) =>
  Object.fromEntries(MERGEABLE_LEAD_FIELDS.map((field) => [field, preselectedValue(field, sides)])) as Record<
    MergeableLeadField,
    MergeValue
  >;
