// The framework-free part of @auditdesk/shared: what the server uses too.
export { ROLES, toRole, type Role } from './auth/roles';
export { nameFromEmail } from './users/nameFromEmail';
export type { LeadEditableFields, LeadResource } from './leads/leadResource';
export type { GridRecord } from './scheduling/gridRecord';
export type { SyncResult } from './sync/syncResult';
export type { CacheStats, DatabaseStats, ResourceStatsResponse } from './resources/resourceStats';
