import type { DatabaseStats } from '@auditdesk/shared';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Database stats as the server sends them, for page tests; `changes` replace parts. */
export function databaseStatsSample(
  changes: {
    usage?: Partial<DatabaseStats['usage']>;
    performance?: Partial<DatabaseStats['performance']>;
    tables?: DatabaseStats['tables'];
  } = {},
): DatabaseStats {
  return {
    planName: 'Free',
    databaseName: '0b7a4c2e-91f3-4d55-a7c1-3e8f0d2b6a19',
    totalRows: 10_482,
    totalSize: 12.5 * MB,
    tableCount: 7,
    usage: {
      rowsUsed: 10_482,
      sizeUsed: 12.5 * MB,
      databasesUsed: 1,
      rowsRead: 250_000,
      rowsWritten: 1_200,
      ...changes.usage,
    },
    limits: {
      maxRows: 0,
      maxSize: 5 * GB,
      maxDatabases: 10,
      maxRowsRead: 5_000_000,
      maxRowsWritten: 100_000,
    },
    performance: { queryDuration: 3.42, ...changes.performance },
    ...(changes.tables ? { tables: changes.tables } : {}),
  };
}
