// The framework-free part of @auditdesk/shared: the contract between server and clients.
// The server imports nothing else from shared.
export * from './contract/vocabulary';
export * from './contract/hub';
export { toRole } from './auth/roles';
export { nameFromEmail } from './users/nameFromEmail';
export type { LeadEditableFields, LeadResource } from './leads/leadResource';
export type { GridRecord } from './scheduling/gridRecord';
export type { SyncResult } from './sync/syncResult';
