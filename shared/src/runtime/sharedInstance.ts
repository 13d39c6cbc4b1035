declare global {
  var __AUDITDESK_SHARED__: { instances: number } | undefined;
}

/**
 * Counts how many copies of this package were evaluated on the page. Module federation
 * must make it exactly one; the end-to-end suite reads the count.
 */
globalThis.__AUDITDESK_SHARED__ ??= { instances: 0 };
globalThis.__AUDITDESK_SHARED__.instances += 1;

export {};
