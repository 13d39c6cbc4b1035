import { formatDateTime } from '@auditdesk/shared';

/** `03/04/2025, 09:05 AM` in the viewer's time zone, or 'Never'. */
export const formatLastLogin = (iso: string | null): string => formatDateTime(iso, 'Never');
