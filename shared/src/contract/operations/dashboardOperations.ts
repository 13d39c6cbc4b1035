import { defineOperations } from './operation';

/** /api/dashboard: the lead and sync totals (spec sections 3 and 5). */
export const dashboardOperations = defineOperations({
  dashboardStats: { method: 'GET', path: '/dashboard/stats', access: 'signed-in' },
});
