import { isCancelledStatus, leadDay, shiftDay, type Agenda, type AgendaQuery } from '@auditdesk/shared/core';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';

/**
 * One auditor's visits over days of the business's calendar. The database is asked for a
 * day more on each side (no zone is more than 14 hours from UTC), then each visit is placed
 * on its own day in the zone (a day on its own date, DESIGN.md section 23): exact whatever
 * the offset or a daylight-saving change. Each day lists its all-day visits first, then the
 * others in time order.
 */
export async function readAgenda(
  leads: Pick<LeadsRepository, 'visitsOf'>,
  timeZone: string,
  { auditor, from, to }: AgendaQuery,
): Promise<Agenda> {
  const wideFrom = `${shiftDay(from, -1)}T00:00:00.000Z`;
  const wideTo = `${shiftDay(to, 1)}T23:59:59.999Z`;
  const inRange = (await leads.visitsOf(auditor, wideFrom, wideTo))
    .filter((lead): lead is typeof lead & { scheduledDate: string } => lead.scheduledDate !== null)
    .map((lead) => ({ lead, day: leadDay(lead.scheduledDate, lead.allDay, timeZone) }))
    .filter(({ day }) => day >= from && day <= to)
    .sort((a, b) => a.day.localeCompare(b.day) || Number(b.lead.allDay) - Number(a.lead.allDay));
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
      allDay: lead.allDay,
      day,
    })),
    cancelled: inRange.length - kept.length,
  };
}
