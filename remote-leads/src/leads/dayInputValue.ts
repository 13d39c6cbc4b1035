/** A day as the leads URL keeps it (yyyy-mm-dd, '' for none) and as a date picker holds it. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The picker's Date (local midnight of that day) of a yyyy-mm-dd day; null for none or a bad one. */
export function dateOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOfDate(date) === day ? date : null;
}

/** yyyy-mm-dd of the picker's Date (its own calendar day); '' for none. */
export function dayOfDate(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * What a person types: mm/dd/yyyy (as the screens show days; m/d and 2-digit years too) or
 * yyyy-mm-dd; null until it is a real day, so a half-typed date changes nothing.
 */
export function parseTypedDay(text: string): Date | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]!.length === 2 ? `20${us[3]}` : us[3]), Number(us[1]), Number(us[2])]
      : [NaN, NaN, NaN];
  if (!Number.isInteger(year)) return null;
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
