import { isCancelledStatus, type Agenda, type AgendaQuery } from '@auditdesk/shared/core';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';

const DAY_MS = 86_400_000;

/** The day of an instant on the business's calendar, yyyy-mm-dd (en-CA writes ISO order). */
export function dayIn(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (instant) => format.format(new Date(instant));
}

/**
 * One auditor's visits over days of the business's calendar. The database is asked for a
 * day more on each side (no zone is more than 14 hours from UTC), then each visit is placed
 * on its own day in the zone: exact whatever the offset or a daylight-saving change.
 */
export async function readAgenda(
  leads: Pick<LeadsRepository, 'visitsOf'>,
  timeZone: string,
  { auditor, from, to }: AgendaQuery,
): Promise<Agenda> {
  const wideFrom = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS).toISOString();
  const wideTo = new Date(Date.parse(`${to}T23:59:59.999Z`) + DAY_MS).toISOString();
  const localDay = dayIn(timeZone);
  const inRange = (await leads.visitsOf(auditor, wideFrom, wideTo))
    .filter((lead): lead is typeof lead & { scheduledDate: string } => lead.scheduledDate !== null)
    .map((lead) => ({ lead, day: localDay(lead.scheduledDate) }))
    .filter(({ day }) => day >= from && day <= to);
  const kept = inRange.filter(({ lead }) => !isCancelledStatus(lead.status));
  return {
    auditor,
    timeZone,
    from,
    to,
    visits: kept.map(({ lead, day }) => ({
      id: lead.id,
      leadId: lead.leadId,
      customerName: lead.customerName,
      address: lead.address,
      phoneNumber: lead.phoneNumber,
      houseType: lead.houseType,
      heatingFuel: lead.heatingFuel,
      provider: lead.provider,
      status: lead.status,
      comments: lead.comments,
      scheduledDate: lead.scheduledDate,
      endDate: lead.endDate,
      day,
    })),
    cancelled: inRange.length - kept.length,
  };
}
