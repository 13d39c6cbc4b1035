import { defineOperations } from './operation';

/** /api/business: the settings every screen needs to read times as the office does. */
export const businessOperations = defineOperations({
  businessSettings: { method: 'GET', path: '/business', access: 'signed-in' },
});
