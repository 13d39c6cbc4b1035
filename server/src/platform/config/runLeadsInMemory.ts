/**
 * Leads a sync run holds in memory before it moves them to a scratch file (SYNC_LEADS_IN_MEMORY):
 * about 1 KB each, so a usual run (a few thousand) never touches the disk, and a calendar of
 * hundreds of thousands of events costs no more memory than this many.
 */
export const RUN_LEADS_IN_MEMORY = 20_000;
