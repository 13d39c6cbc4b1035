/** One grid record: a year, month, week of month and auditor (spec section 3, DESIGN.md "Scheduling numbers"). */
export interface GridRecord {
  year: number;
  /** 1-12 */
  month: number;
  week: number;
  auditor: string;
  customersCount: number;
  /** Scheduled or Completed */
  leadsCount: number;
  totalLeadsCount: number;
  cancelledLeadsCount: number;
  referralsCount: number;
  fuelTypes: Record<string, number>;
  providers: Record<string, number>;
  houseTypes: Record<string, number>;
}
