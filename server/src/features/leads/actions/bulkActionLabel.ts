import { LEAD_FIELD_LABELS, type LeadsBulkRequest } from '@auditdesk/shared/core';

const leadsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'lead' : 'leads'}`;

/** What a person reads in the history: "Bulk change: Status → Cancelled (300 leads)". */
export function bulkActionLabel(request: LeadsBulkRequest): string {
  const count = leadsText(request.leads.length);
  if (!request.change) return `Bulk delete (${count})`;
  const changes = Object.entries(request.change)
    .filter(([, value]) => value !== undefined)
    .map(
      ([field, value]) =>
        `${LEAD_FIELD_LABELS[field as keyof typeof LEAD_FIELD_LABELS]} → ${value || '(empty)'}`,
    );
  return `Bulk change: ${changes.join(', ')} (${count})`;
}
