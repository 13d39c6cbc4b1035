import { defineOperations } from './operation';

/**
 * /api/sync: every signed-in role reads the state and the history; starting a run is for
 * the roles SYNC_ROLES names, Admin and Manager unless configured otherwise (the server
 * registers syncExecute with the configured roles; the table holds the default).
 */
export const syncOperations = defineOperations({
  syncExecute: { method: 'POST', path: '/sync/execute', access: ['Admin', 'Manager'] },
  syncStatus: { method: 'GET', path: '/sync/status', access: 'signed-in' },
  syncHistory: { method: 'GET', path: '/sync/history', access: 'signed-in' },
});
