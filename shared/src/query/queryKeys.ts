/** The cache keys of spec section 4 "Caches". */
export const queryKeys = {
  leads: ['leads'],
  scheduling: ['scheduling'],
  dashboard: ['dashboard'],
  syncStatus: ['sync-status'],
  notifications: ['notifications'],
  business: ['business'],
} as const;
