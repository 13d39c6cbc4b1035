import type { DatabaseStats } from '@auditdesk/shared/core';

const GB = 1024 ** 3;

/**
 * Cloudflare D1's Free plan (external-apis.md section c): 5 GB of storage in all (500 MB a
 * database), 10 databases, 5 M rows read and 100 k rows written a day; no row limit.
 */
export const D1_FREE_PLAN_LIMITS: DatabaseStats['limits'] = {
  maxRows: 0,
  maxSize: 5 * GB,
  maxDatabases: 10,
  maxRowsRead: 5_000_000,
  maxRowsWritten: 100_000,
};

/** A local SQLite file has no plan: nothing is limited but the disk (0 means no limit). */
export const NO_PLAN_LIMITS: DatabaseStats['limits'] = {
  maxRows: 0,
  maxSize: 0,
  maxDatabases: 0,
  maxRowsRead: 0,
  maxRowsWritten: 0,
};

/** What the database page measures the usage against: a plan's name and limits. */
export interface DatabasePlan {
  name: string;
  limits: DatabaseStats['limits'];
}
