import { readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';
import { parseEvent } from '../../src/features/calendar/eventFormat/parseEvent';
import { demoSpan, generateDemoCalendar } from '../../src/features/sync/demo/generateDemoCalendar';

const TODAY = new Date('2026-11-21T12:00:00Z');
const AUDITORS = ['Sam Rivera', 'Alex Chen'] as const;

describe('the demo calendar', () => {
  const ics = generateDemoCalendar({ today: TODAY, auditors: AUDITORS });
  const span = demoSpan(TODAY);
  const leads = readIcsEvents(ics, span, 'America/New_York').events.map((event) =>
    parseEvent(event, AUDITORS),
  );
  const share = (predicate: (lead: (typeof leads)[number]) => boolean) =>
    leads.filter(predicate).length / leads.length;

  it('is the same for the same day', () => {
    expect(generateDemoCalendar({ today: TODAY, auditors: AUDITORS })).toBe(ics);
  });

  it('spans about 18 months back to 2 months ahead, with a couple of thousand appointments', () => {
    expect(span).toEqual({ startDate: '2025-05-01', endDate: '2027-01-21' });
    expect(leads.length).toBeGreaterThan(2000);
    expect(leads.some((lead) => lead.scheduledDate > TODAY.toISOString())).toBe(true);
  });

  it('has the two auditors, a third one, about 8% cancelled and about 5% unformatted', () => {
    expect(new Set(leads.map((lead) => lead.auditor))).toEqual(
      new Set(['Sam Rivera', 'Alex Chen', 'Pat Morgan', '']),
    );
    expect(share((lead) => lead.status === 'Cancelled')).toBeGreaterThan(0.06);
    expect(share((lead) => lead.status === 'Cancelled')).toBeLessThan(0.1);
    expect(share((lead) => !lead.isFormatted)).toBeGreaterThan(0.03);
    expect(share((lead) => !lead.isFormatted)).toBeLessThan(0.07);
  });

  it('has a recurring series with a moved, a cancelled and a removed instance', () => {
    const series = leads.filter((lead) => lead.leadId.startsWith('demo-series-landlord'));
    expect(series).toHaveLength(11); // 12 weekly, one removed by EXDATE
    expect(series.filter((lead) => lead.customerName === 'Walsh Properties (moved)')).toHaveLength(1);
    expect(series.filter((lead) => lead.status === 'Cancelled')).toHaveLength(1);
  });
});
