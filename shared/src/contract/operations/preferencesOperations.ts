import { defineOperations } from './operation';

/** /api/preferences: the signed-in person's own preferences, whatever their role. */
export const preferencesOperations = defineOperations({
  preferencesGet: { method: 'GET', path: '/preferences', access: 'signed-in' },
  preferencesReplace: { method: 'PUT', path: '/preferences', access: 'signed-in' },
});
