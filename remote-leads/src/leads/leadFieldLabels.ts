export { LEAD_FIELD_LABELS } from '@auditdesk/shared';
