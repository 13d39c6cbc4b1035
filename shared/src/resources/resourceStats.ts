/**
 * The answers of GET /api/resources/cloudflare and GET /api/resources/redis (spec section 3,
 * "Database stats" and "Cache stats"), shared by the server that builds them and the admin
 * pages that show them.
 */

/** The envelope both resource routes answer with. */
export interface ResourceStatsResponse<T> {
  success: boolean;
  /** null when there is nothing to show; `reason` then says why. */
  data: T | null;
  error: string | null;
  /** Why there are no stats although nothing failed, e.g. the service is not configured. */
  reason?: string;
}

export interface DatabaseStats {
  planName: string;
  databaseName: string;
  totalRows: number;
  /** bytes */
  totalSize: number;
  /** The real number of tables (DESIGN.md section 10: not the original's fixed 10). */
  tableCount: number;
  usage: {
    rowsUsed: number;
    /** bytes */
    sizeUsed: number;
    databasesUsed: number;
    /** today (UTC) */
    rowsRead: number;
    /** today (UTC) */
    rowsWritten: number;
  };
  /** 0 means the plan sets no such limit. */
  limits: {
    maxRows: number;
    /** bytes */
    maxSize: number;
    maxDatabases: number;
    /** per day */
    maxRowsRead: number;
    /** per day */
    maxRowsWritten: number;
  };
  performance: {
    /** ms */
    queryDuration: number;
  };
  tables?: { name: string; rows: number }[];
}

export interface CacheStats {
  planName: string;
  serverInfo: {
    /** 'Redis', or 'Valkey' when the server reports valkey_version */
    product: 'Redis' | 'Valkey';
    version: string;
    /** seconds */
    uptime: number;
  };
  usage: {
    /** bytes */
    usedMemory: number;
    /** bytes */
    peakMemory: number;
    /** summed over every database of the keyspace section */
    totalKeys: number;
    connectedClients: number;
  };
  limits: {
    /** bytes; 0 means no limit (Redis's maxmemory 0) */
    maxMemory: number;
    /** maxclients; null when the server would not tell (CONFIG blocked and not in INFO) */
    maxConnections: number | null;
  };
  performance: {
    /** percent of key lookups that found their key; null before the first lookup */
    hitRate: number | null;
    keyspaceHits: number;
    keyspaceMisses: number;
    evictedKeys: number;
    expiredKeys: number;
  };
}
