import { defineOperations } from './operation';

const editors = ['Admin', 'Manager'] as const;

/**
 * /api/leads and /api/lead-actions: every signed-in role reads the leads; Admin and Manager
 * create, edit, delete, import, change many at once, merge and undo (DESIGN.md sections 7–12).
 */
export const leadsOperations = defineOperations({
  leadsList: { method: 'GET', path: '/leads', access: 'signed-in' },
  leadsUnformatted: { method: 'GET', path: '/leads/calendar-not-formatted', access: 'signed-in' },
  leadsSummary: { method: 'GET', path: '/leads/summary', access: 'signed-in' },
  leadsGridData: { method: 'GET', path: '/leads/grid-data', access: 'signed-in' },
  leadsGet: { method: 'GET', path: '/leads/:id', access: 'signed-in' },
  leadsHistory: { method: 'GET', path: '/leads/:id/history', access: 'signed-in' },
  leadsChangedByRun: { method: 'GET', path: '/leads/changed-by-run/:id', access: 'signed-in' },
  leadsCreate: { method: 'POST', path: '/leads', access: editors },
  leadsUpdate: { method: 'PATCH', path: '/leads/:id', access: editors },
  leadsReplace: { method: 'PUT', path: '/leads/:id', access: editors },
  leadsDelete: { method: 'DELETE', path: '/leads/:id', access: editors },
  leadsResolveOfficeValue: { method: 'POST', path: '/leads/:id/office-values/:field', access: editors },
  leadsResolveCalendarDeletion: { method: 'POST', path: '/leads/:id/calendar-deletion', access: editors },
  leadsRestore: { method: 'POST', path: '/leads/:id/restore', access: editors },
  leadsImportPreview: { method: 'POST', path: '/leads/import/preview', access: editors },
  leadsImport: { method: 'POST', path: '/leads/import', access: editors },
  leadsImported: { method: 'GET', path: '/leads/import/:id/leads', access: 'signed-in' },
  leadsBulk: { method: 'POST', path: '/leads/bulk', access: editors },
  leadsMerge: { method: 'POST', path: '/leads/merge', access: editors },
  leadsUndoAction: { method: 'POST', path: '/lead-actions/:id/undo', access: editors },
  leadsDuplicates: { method: 'GET', path: '/leads/duplicates', access: 'signed-in' },
  leadsDismissDuplicate: { method: 'POST', path: '/leads/duplicates/dismissals', access: editors },
  leadsRestoreDuplicate: { method: 'DELETE', path: '/leads/duplicates/dismissals', access: editors },
});
