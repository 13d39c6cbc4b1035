import { defineOperations } from './operation';

/** /api/resources: usage of the services the app runs on, for Admins only. */
export const resourcesOperations = defineOperations({
  resourcesDatabase: { method: 'GET', path: '/resources/cloudflare', access: ['Admin'] },
  resourcesCache: { method: 'GET', path: '/resources/redis', access: ['Admin'] },
});
