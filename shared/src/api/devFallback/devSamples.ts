// Sample answers for a `dev-token-` session when no server is there (development builds
// only): enough to click through every screen of a remote running on its own.
import { isScheduledStatus } from '../../contract/leadStatusRules';
import { routes } from '../../contract/operations/routes';
import { SAMPLE_AUDITORS, sampleLeads } from './sampleLeads';

const today = new Date();
const day = (offset: number) =>
  new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset, 14),
  ).toISOString();

const AUDITORS = SAMPLE_AUDITORS;
const leads = sampleLeads(today);

/** Grid records for the two auditors, four weeks a month, this month and the 11 before. */
function sampleGrid() {
  const records = [];
  for (let back = 0; back < 12; back += 1) {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    for (let week = 1; week <= 4; week += 1) {
      for (const [index, auditor] of AUDITORS.entries()) {
        const total = 6 + ((back * 7 + week * 3 + index * 5) % 9);
        const cancelled = (week + index) % 3;
        const customers = total - cancelled;
        records.push({
          year: month.getUTCFullYear(),
          month: month.getUTCMonth() + 1,
          week,
          auditor,
          customersCount: customers,
          leadsCount: customers - 1,
          totalLeadsCount: total,
          cancelledLeadsCount: cancelled,
          completedLeadsCount: Math.max(0, customers - 3),
          referralsCount: (week + back) % 3,
          fuelTypes: { Gas: customers - 2, Oil: 1, Propane: 1 },
          providers: { 'National Grid': customers - 1, EverSource: 1 },
          houseTypes: { 'Single Family': customers - 1, '2 Family': 1 },
        });
      }
    }
  }
  return records;
}

const devUser = { id: 0, email: 'dev@auditdesk.local', fullName: 'Dev Admin', role: 'Admin' };

export const DEV_SAMPLES: Record<string, unknown> = {
  [routes.authCurrentUser.path]: devUser,
  [routes.usersCurrent.path]: devUser,
  [routes.usersProfile.path]: { isDevelopment: true, accountType: 'Administrator Account' },
  [routes.usersPermissions.path]: {
    permissions: ['full_system_access', 'user_management', 'data_synchronization', 'lead_management'],
  },
  [routes.leadsList.path]: leads.formatted,
  [routes.leadsUnformatted.path]: leads.unformatted,
  [routes.dashboardStats.path]: {
    totalLeads: leads.formatted.length,
    scheduledLeads: leads.formatted.filter((lead) => isScheduledStatus(lead.status)).length,
    conversionRate: 50,
    totalSyncs: 3,
    successfulSyncs: 3,
    lastSyncTime: day(0),
    recentLeads: [],
  },
  [routes.leadsGridData.path]: sampleGrid(),
  [routes.schedulingAuditors.path]: { auditors: AUDITORS },
  [routes.businessSettings.path]: { timeZone: 'America/New_York', writeBack: 'read-only source' },
  [routes.syncStatus.path]: {
    isRunning: false,
    lastSync: day(0),
    totalSyncs: 2,
    successfulSyncs: 1,
    failedSyncs: 1,
    runningRunId: null,
    running: null,
    startRoles: ['Admin', 'Manager'],
  },
  [routes.syncHistory.path]: {
    items: [
      {
        id: 2,
        success: true,
        status: 'succeeded',
        message: 'Sample sync: 2 events read, 2 leads created.',
        syncedCount: 2,
        eventsCreated: 2,
        eventsUpdated: 0,
        eventsDeleted: 0,
        startDate: day(-5).slice(0, 10),
        endDate: day(15).slice(0, 10),
        trigger: 'api',
        startedBy: 'Dev Admin',
        startedAt: day(0),
        finishedAt: day(0),
        durationMs: 1250,
        timestamp: day(0),
      },
      {
        id: 1,
        success: false,
        status: 'failed',
        message: 'The calendar file could not be read: sample failure.',
        syncedCount: 0,
        eventsCreated: 0,
        eventsUpdated: 0,
        eventsDeleted: 0,
        startDate: day(-5).slice(0, 10),
        endDate: day(15).slice(0, 10),
        trigger: 'schedule',
        startedBy: null,
        startedAt: day(-1),
        finishedAt: day(-1),
        durationMs: 310,
        timestamp: day(-1),
      },
    ],
    total: 2,
    page: 1,
    pageSize: 10,
  },
  [routes.usersAccessList.path]: [
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
  [routes.resourcesCache.path]: {
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
  [routes.resourcesDatabase.path]: {
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
