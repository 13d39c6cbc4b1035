/**
 * Every rate: a share of a total in percent with one decimal, 0 when there is no total
 * (spec section 5, "Rates are shown with 1 decimal. They are 0 when total leads is 0").
 */
export const rateOf = (part: number, total: number): number =>
  total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
