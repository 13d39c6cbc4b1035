/** A run the restored database had as running: it belonged to the point, and ended there. */
export const INTERRUPTED_BY_RESTORE =
  'Interrupted: the database was restored to a point taken while this sync was running.';

export const RESTORE_UNDER_WAY = 'A restore of the database is under way; try again in a minute.';
export const BACKUP_UNDER_WAY = 'A backup or a restore is running; try again when it is done.';
