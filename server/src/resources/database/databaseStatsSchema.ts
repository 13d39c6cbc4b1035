import type { DatabaseStats, ResourceStatsResponse } from '@auditdesk/shared/core';
import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * The answer of GET /api/resources/cloudflare, as the server checks it before sending.
 * Kept beside the route until the shared contract carries the resource routes.
 */
export const databaseStats = z.object({
  planName: z.string(),
  databaseName: z.string(),
  totalRows: count,
  totalSize: count,
  tableCount: count,
  usage: z.object({
    rowsUsed: count,
    sizeUsed: count,
    databasesUsed: count,
    rowsRead: count,
    rowsWritten: count,
  }),
  limits: z.object({
    maxRows: count,
    maxSize: count,
    maxDatabases: count,
    maxRowsRead: count,
    maxRowsWritten: count,
  }),
  performance: z.object({ queryDuration: z.number().nonnegative() }),
  tables: z.array(z.object({ name: z.string(), rows: count })).optional(),
}) satisfies z.ZodType<DatabaseStats>;

export const databaseStatsResponse = z.object({
  success: z.boolean(),
  data: databaseStats.nullable(),
  error: z.string().nullable(),
  reason: z.string().optional(),
}) satisfies z.ZodType<ResourceStatsResponse<DatabaseStats>>;
