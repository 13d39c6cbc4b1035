/** The spec's weekView text for a week of the month: `Week 2`; empty without a week. */
export function weekLabel(week: number | null | undefined): string {
  return week ? `Week ${week}` : '';
}
