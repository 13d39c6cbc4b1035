import { defineOperations } from './operation';

/** /api/health: is the server up and can it reach its database. */
export const healthOperations = defineOperations({
  healthCheck: { method: 'GET', path: '/health', access: 'public' },
});
