import { z } from 'zod';
import { TABLE_PURPOSES } from './vocabulary';

const count = z.number().int().nonnegative();

/**
 * The envelope of GET /api/resources/cloudflare and GET /api/resources/redis (spec
 * section 3): `data` is null when there is nothing to show, and `reason` then says why
 * (e.g. the service is not configured).
 */
export const resourceStatsResponse = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    data: data.nullable(),
    error: z.string().nullable(),
    reason: z.string().optional(),
  });
export interface ResourceStatsResponse<T> {
  success: boolean;
  data: T | null;
  error: string | null;
  reason?: string;
}

/** "Database stats": sizes in bytes, rows read and written today (UTC); a limit of 0 means the plan sets none. */
export const databaseStats = z.object({
  planName: z.string(),
  databaseName: z.string(),
  totalRows: count,
  totalSize: count,
  /** The real number of tables (DESIGN.md section 10: not the original's fixed 10). */
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
    /** per day */
    maxRowsRead: count,
    /** per day */
    maxRowsWritten: count,
  }),
  /** queryDuration in ms */
  performance: z.object({ queryDuration: z.number().nonnegative() }),
  tables: z
    .array(z.object({ name: z.string(), rows: count, purpose: z.enum(TABLE_PURPOSES).optional() }))
    .optional(),
});
export type DatabaseStats = z.infer<typeof databaseStats>;

/** "Cache stats", from the server's own INFO (DESIGN.md section 11). */
export const cacheStats = z.object({
  planName: z.string(),
  serverInfo: z.object({
    /** 'Valkey' when the server reports valkey_version */
    product: z.enum(['Redis', 'Valkey']),
    version: z.string(),
    /** seconds */
    uptime: count,
  }),
  usage: z.object({
    /** bytes */
    usedMemory: count,
    /** bytes */
    peakMemory: count,
    /** summed over every database of the keyspace section */
    totalKeys: count,
    connectedClients: count,
  }),
  limits: z.object({
    /** bytes; 0 means no limit (Redis's maxmemory 0) */
    maxMemory: count,
    /** maxclients; null when the server would not tell (CONFIG blocked and not in INFO) */
    maxConnections: count.nullable(),
  }),
  performance: z.object({
    /** percent of key lookups that found their key; null before the first lookup */
    hitRate: z.number().min(0).max(100).nullable(),
    keyspaceHits: count,
    keyspaceMisses: count,
    evictedKeys: count,
    expiredKeys: count,
  }),
});
export type CacheStats = z.infer<typeof cacheStats>;

export const databaseStatsResponse = resourceStatsResponse(databaseStats);
export const cacheStatsResponse = resourceStatsResponse(cacheStats);
