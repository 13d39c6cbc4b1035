import type { AgendaVisit } from '@auditdesk/shared';
import { agendaRange, formatLongDay, formatRange, stepDay, todayIn, visitsByDay } from './agendaDays';
import { readAgendaSearch, writeAgendaSearch } from './agendaSearch';

const visit = (id: number, day: string): AgendaVisit => ({
  id,
  leadId: `lead-${id}`,
  customerName: `Customer ${id}`,
  address: '',
  phoneNumber: '',
  houseType: '',
  heatingFuel: '',
  provider: '',
  status: 'Scheduled',
  comments: '',
  scheduledDate: `${day}T14:00:00.000Z`,
  endDate: null,
  allDay: false,
  day,
});

describe('the agenda days', () => {
  it('covers a day, or the Monday-to-Sunday week around it', () => {
    expect(agendaRange('2025-03-05', 'day')).toEqual({ from: '2025-03-05', to: '2025-03-05' });
    expect(agendaRange('2025-03-05', 'week')).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(agendaRange('2025-03-03', 'week')).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(agendaRange('2025-03-09', 'week')).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    // across a month and a year
    expect(agendaRange('2026-01-01', 'week')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
  });

  it('steps a day or a week, over month ends and the daylight-saving change', () => {
    expect(stepDay('2025-02-28', 'day', 1)).toBe('2025-03-01');
    expect(stepDay('2025-03-09', 'day', 1)).toBe('2025-03-10');
    expect(stepDay('2025-03-05', 'week', -1)).toBe('2025-02-26');
  });

  it("takes today from the business's calendar, not the viewer's", () => {
    const lateEvening = new Date('2025-03-04T03:30:00Z'); // 22:30 on Monday in New York
    expect(todayIn('America/New_York', lateEvening)).toBe('2025-03-03');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2025-03-04');
  });

  it('groups visits by day in the order given, days without visits left out', () => {
    const groups = visitsByDay([visit(1, '2025-03-03'), visit(2, '2025-03-03'), visit(3, '2025-03-05')]);
    expect(groups.map((group) => [group.day, group.visits.map((v) => v.id)])).toEqual([
      ['2025-03-03', [1, 2]],
      ['2025-03-05', [3]],
    ]);
  });

  it('writes days as people read them', () => {
    expect(formatLongDay('2025-03-03')).toBe('Monday, March 3, 2025');
    expect(formatRange({ from: '2025-03-03', to: '2025-03-03' })).toBe('Monday, March 3, 2025');
    expect(formatRange({ from: '2025-03-03', to: '2025-03-09' })).toBe('Mar 3, 2025 – Mar 9, 2025');
  });
});

describe('the agenda URL', () => {
  it('round-trips a choice and leaves the defaults out', () => {
    const choice = { auditor: 'Dana Smith', day: '2025-03-03', span: 'week' as const };
    expect(readAgendaSearch(writeAgendaSearch(choice))).toEqual(choice);
    expect(writeAgendaSearch({ auditor: null, day: null, span: 'day' }).toString()).toBe('');
  });

  it('reads anything unreadable as the default', () => {
    expect(readAgendaSearch(new URLSearchParams('day=yesterday&span=month&auditor='))).toEqual({
      auditor: null,
      day: null,
      span: 'day',
    });
  });
});
