import type { DatabaseStats } from '@auditdesk/shared/core';
import type { Database } from '../../../platform/db/database';
import { countTableRows } from './countTableRows';
import type { DatabasePlan } from './d1FreePlan';

/** The database's stats (spec section 3), from what the engine tells and the tables themselves. */
export async function readDatabaseStats(db: Database, plan: DatabasePlan): Promise<DatabaseStats> {
  const [description, { tables, probeMs }] = await Promise.all([db.describe(), countTableRows(db)]);
  const totalRows = tables.reduce((sum, table) => sum + table.rows, 0);
  return {
    planName: plan.name,
    databaseName: description.name,
    totalRows,
    totalSize: description.sizeBytes,
    tableCount: tables.length,
    usage: {
      rowsUsed: totalRows,
      sizeUsed: description.sizeBytes,
      databasesUsed: 1,
      rowsRead: description.today.rowsRead,
      rowsWritten: description.today.rowsWritten,
    },
    limits: plan.limits,
    performance: { queryDuration: Math.round(probeMs * 100) / 100 },
    tables,
  };
}
