// Free of zod, so the browser bundles can import it.

/** How many leads one bulk request may name. */
export const BULK_LEADS_MAX = 10_000;

/** The fields a bulk change may set, each validated exactly as a single edit validates it. */
export const BULK_FIELDS = ['status', 'auditor', 'scheduledBy', 'referredBy'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];
