import type { WriteBackMode } from '@auditdesk/shared/core';
import type { Config } from '../../platform/config/loadConfig';

/**
 * Whether office edits reach the calendar: 'on' (CALENDAR_WRITE_BACK=on and a calendar that
 * can be written: Google, CalDAV, Microsoft 365), 'off', or 'read-only source' (an ICS file
 * or URL, which nothing can write).
 */
export function writeBackMode(calendar: Pick<Config['calendar'], 'source' | 'writeBack'>): WriteBackMode {
  if (calendar.source === 'ics') return 'read-only source';
  return calendar.writeBack ? 'on' : 'off';
}
