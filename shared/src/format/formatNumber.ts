const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const PERCENT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Every count on every screen: `2,259`. */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** Every rate on every screen: one decimal and a percent sign, `66.7%` (spec section 5). */
export function formatPercent(value: number): string {
  return `${PERCENT.format(value)}%`;
}
