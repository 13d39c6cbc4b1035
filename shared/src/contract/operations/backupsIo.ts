import {
  backupNowResult,
  backupsOverview,
  restoreImpact,
  restorePointParams,
  restoreRecord,
  restoreRequest,
} from '../backups';
import { taggedIo, type IoTable } from './operation';
import type { backupsOperations } from './backupsOperations';

export const backupsIo = taggedIo('Backups', {
  backupsOverview: {
    summary: 'The restore points, failed snapshots, disk and off-machine copies, and the restores made',
    description:
      'SQLite: verified snapshots on this machine and in the bucket (BACKUP_S3_URL), newest first; D1: the Time Travel bookmarks recorded before changes. `lastGood.stale` is true when the newest point is older than twice BACKUP_CRON\'s interval (docs/operations.md, "Backups and restore").',
    response: { 200: backupsOverview },
  },
  backupsCreate: {
    summary: 'Back up now',
    description:
      'SQLite: a snapshot, verified before it is answered (`unchanged` with the newest point when nothing changed since); D1: a Time Travel bookmark. 409 while another backup or a restore runs.',
    response: { 200: backupNowResult },
  },
  backupsImpact: {
    summary: 'What restoring a point loses: the changes recorded after it',
    params: restorePointParams,
    response: { 200: restoreImpact },
  },
  backupsRestore: {
    summary: 'Restore the database to a point or a time',
    description:
      "Takes the sync lock (409 while a sync runs), keeps the database of now as a restore point first (so the restore can be undone), puts the point in place, migrates it forward, clears every cache and tells every open tab (DataRestored) and the Admins' bells. 404 for an unknown point; 422 for a point from a newer release or one that cannot be read (BACKUP_KEY).",
    body: restoreRequest,
    response: { 200: restoreRecord },
  },
} satisfies IoTable<typeof backupsOperations>);
