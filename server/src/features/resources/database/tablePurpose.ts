import type { TablePurpose } from '@auditdesk/shared/core';

/**
 * The tables the app keeps for itself: migrations (Drizzle's and D1's), sign-ins, one-time
 * links, the mail outbox, the read caches' versions, the sync's staging and
 * the remotes' releases with their load reports, the restore points and restores. Every other
 * table holds the business's records.
 */
const BOOKKEEPING = new Set([
  '__drizzle_migrations',
  'd1_migrations',
  'sessions',
  'refresh_tokens',
  'password_links',
  'mail_outbox',
  'data_versions',
  'leads_staging',
  'lead_import_staging',
  'notification_reads',
  'remote_releases',
  'release_changes',
  'remote_loads',
  'calendar_writes',
  'backup_points',
  'backup_restores',
]);

export const tablePurpose = (name: string): TablePurpose =>
  BOOKKEEPING.has(name) ? 'bookkeeping' : 'business';
