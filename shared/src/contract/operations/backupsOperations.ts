import { defineOperations } from './operation';

/** /api/backups: restore points, "Back up now" and restores (Admin only, DESIGN.md section 22). */
export const backupsOperations = defineOperations({
  backupsOverview: { method: 'GET', path: '/backups', access: ['Admin'] },
  backupsCreate: { method: 'POST', path: '/backups', access: ['Admin'] },
  backupsImpact: { method: 'GET', path: '/backups/:name/impact', access: ['Admin'] },
  backupsRestore: { method: 'POST', path: '/backups/restore', access: ['Admin'] },
});
