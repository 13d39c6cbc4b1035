import { formatProblems, weekLabel } from '@auditdesk/shared';
import type { ApiLead, LeadRow } from './leadTypes';

/** Spec section 3: customerName falls back to name, then e-mail; phoneNumber to phone. */
export function toLeadRow(lead: ApiLead): LeadRow {
  return {
    id: lead.id,
    source: lead.source,
    isFormatted: lead.isFormatted,
    formatProblems: lead.isFormatted ? [] : formatProblems(lead),
    email: lead.email ?? '',
    scheduledDate: lead.scheduledDate ?? '',
    customerName: lead.customerName || lead.name || lead.email || '',
    address: lead.address ?? '',
    endDate: lead.endDate ?? '',
    status: lead.status ?? '',
    auditor: lead.auditor ?? '',
    houseType: lead.houseType ?? '',
    scheduledBy: lead.scheduledBy ?? '',
    referredBy: lead.referredBy ?? '',
    leadId: lead.leadId ?? '',
    linkId: lead.linkId ?? '',
    weekView: weekLabel(lead.week),
    phoneNumber: lead.phoneNumber || lead.phone || '',
    heatingFuel: lead.heatingFuel ?? '',
    provider: lead.provider ?? '',
    comments: lead.comments ?? '',
    lastSyncedAt: lead.lastSyncedAt ?? '',
    version: lead.version ?? 0,
    needsReview: lead.needsReview ?? false,
  };
}

/** Status read case-insensitively; New when empty (spec section 4, "Lead status"). */
export function displayStatus(status: string): string {
  return status.trim() || 'New';
}

export function statusColor(status: string): string {
  switch (displayStatus(status).toLowerCase()) {
    case 'scheduled':
      return 'green';
    case 'cancelled':
      return 'red';
    case 'completed':
      return 'blue';
    default:
      return 'gray';
  }
}

/** mm/dd/yyyy of the UTC calendar day; empty for none. */
export function formatDay(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
