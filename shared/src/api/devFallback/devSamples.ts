// Sample answers for a `dev-token-` session when no server is there (development builds
// only): enough to click through every screen of a remote running on its own.
const today = new Date();
const day = (offset: number) =>
  new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset, 14),
  ).toISOString();

const devUser = { id: 0, email: 'dev@auditdesk.local', fullName: 'Dev Admin', role: 'Admin' };

export const DEV_SAMPLES: Record<string, unknown> = {
  '/auth/user': devUser,
  '/user': devUser,
  '/user/profile': { isDevelopment: true, accountType: 'Administrator Account' },
  '/user/permissions': {
    permissions: ['full_system_access', 'user_management', 'data_synchronization', 'lead_management'],
  },
  '/leads': [
    {
      id: 1,
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '(617) 555-0142',
      status: 'Scheduled',
      source: 'calendar',
      scheduledDate: day(2),
      createdAt: day(-5),
    },
    {
      id: 2,
      name: 'Tom Lee',
      email: 'tom@example.com',
      phone: '(617) 555-0199',
      status: 'New',
      source: 'manual',
      scheduledDate: null,
      createdAt: day(-1),
    },
  ],
  '/leads/calendar-not-formatted': [],
  '/dashboard/stats': {
    totalLeads: 2,
    scheduledLeads: 1,
    conversionRate: 50,
    totalSyncs: 3,
    successfulSyncs: 3,
    lastSyncTime: day(0),
    recentLeads: [],
  },
  '/sync/status': { isRunning: false, lastSync: day(0) },
  '/sync/history': [{ success: true, message: 'Sample sync', syncedCount: 2, timestamp: day(0) }],
  '/useraccess': [
    {
      id: 1,
      userId: 1,
      email: 'dev@auditdesk.local',
      name: 'Dev Admin',
      role: 'Admin',
      hasAccess: true,
      revokedAt: null,
      lastLoginAt: day(0),
      notes: null,
    },
    {
      id: 2,
      userId: 2,
      email: 'sam.rivera@auditdesk.local',
      name: 'Sam Rivera',
      role: 'User',
      hasAccess: true,
      revokedAt: null,
      lastLoginAt: null,
      notes: null,
    },
  ],
  '/resources/redis': {
    success: true,
    error: null,
    data: {
      planName: 'Sample plan',
      serverInfo: { product: 'Redis', version: '7.0.15', uptime: 200_000 },
      usage: { usedMemory: 20_000_000, peakMemory: 24_000_000, totalKeys: 1_200, connectedClients: 4 },
      limits: { maxMemory: 64 * 1024 * 1024, maxConnections: 10_000 },
      performance: { hitRate: 87.5, keyspaceHits: 700, keyspaceMisses: 100, evictedKeys: 0, expiredKeys: 12 },
    },
  },
  '/resources/cloudflare': {
    success: true,
    error: null,
    data: {
      planName: 'Sample plan',
      databaseName: 'sample-database-0000-0000',
      totalRows: 2_000,
      totalSize: 1_500_000,
      tableCount: 7,
      usage: { rowsUsed: 2_000, sizeUsed: 1_500_000, databasesUsed: 1, rowsRead: 40_000, rowsWritten: 300 },
      limits: {
        maxRows: 0,
        maxSize: 5 * 1024 ** 3,
        maxDatabases: 10,
        maxRowsRead: 5_000_000,
        maxRowsWritten: 100_000,
      },
      performance: { queryDuration: 4 },
    },
  },
};
