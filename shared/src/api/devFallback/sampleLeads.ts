import { blankLeadFields } from '../../contract/leadFields';
import type { LeadResource } from '../../contract/leads';
import { FUEL_TYPES, HOUSE_TYPES, PROVIDERS } from '../../contract/vocabulary';
import { seededRandom } from '../../random/seededRandom';

export const SAMPLE_AUDITORS = ['Sam Rivera', 'Alex Chen'] as const;

const FIRST = [
  'Jane',
  'Tom',
  'Maria',
  'Luis',
  'Priya',
  'Ken',
  'Olga',
  'Sean',
  'Amara',
  'Diego',
  'Hana',
  'Noah',
];
const LAST = ['Doe', 'Lee', 'Garcia', 'Nguyen', 'Patel', 'Okafor', 'Smith', 'Costa', 'Kowalski', 'Brennan'];
const STREETS = ['Elm St', 'Maple Ave', 'Oak Rd', 'Harbor Way', 'Pine Ct', 'Summer St'];
const SCHEDULERS = ['Maria', 'Dev', 'Kim'];

const week = (date: Date) => {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const offset = (first.getUTCDay() + 6) % 7; // Monday-based weeks, week 1 holds the 1st
  return Math.floor((date.getUTCDate() - 1 + offset) / 7) + 1;
};

/**
 * Sample leads for a remote running on its own (development only): `count` formatted ones
 * from four months back to one ahead, for both auditors, with the statuses, fuels,
 * providers and referrals the screens filter on, and a few unformatted ones.
 */
export function sampleLeads(
  today: Date,
  count = 64,
): { formatted: LeadResource[]; unformatted: LeadResource[] } {
  const random = seededRandom(20250304);
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const lead = (id: number, formatted: boolean): LeadResource => {
    const dayOffset = Math.floor(random.next() * 150) - 120;
    const scheduled = new Date(
      startOfToday + dayOffset * 86_400_000 + (13 + Math.floor(random.next() * 6)) * 3_600_000,
    );
    const name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    const past = dayOffset < 0;
    const status = random.chance(0.12) ? 'Cancelled' : past && random.chance(0.6) ? 'Completed' : 'Scheduled';
    const iso = scheduled.toISOString();
    return {
      // a field the samples do not fill in is empty
      ...blankLeadFields(),
      id,
      leadId: `sample-${id}@auditdesk.local`,
      source: 'calendar',
      isFormatted: formatted,
      customerName: name,
      email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
      phoneNumber: `(617) 555-${String(1000 + id).slice(-4)}`,
      auditor: formatted
        ? random.pick(SAMPLE_AUDITORS)
        : random.chance(0.5)
          ? ''
          : random.pick(SAMPLE_AUDITORS),
      houseType: formatted ? random.pick(HOUSE_TYPES) : random.pick(['condo?', '', 'duplex']),
      heatingFuel: random.pick(FUEL_TYPES),
      provider: random.pick(PROVIDERS),
      referredBy: random.chance(0.3) ? `${random.pick(FIRST)} ${random.pick(LAST)}` : '',
      scheduledBy: random.pick(SCHEDULERS),
      status,
      scheduledDate: iso,
      // from the id, not the random sequence: the samples before addresses stay as they were
      address: `${10 + id} ${STREETS[id % STREETS.length]}, Boston, MA`,
      endDate: new Date(scheduled.getTime() + 90 * 60_000).toISOString(),
      week: week(scheduled),
      linkId: `https://calendar.example.com/event/sample-${id}`,
      comments: random.chance(0.2)
        ? `${1 + Math.floor(random.next() * 90)} ${random.pick(STREETS)}: side door`
        : '',
      lastSyncedAt: new Date(startOfToday).toISOString(),
      createdAt: new Date(scheduled.getTime() - 14 * 86_400_000).toISOString(),
      updatedAt: new Date(startOfToday).toISOString(),
      needsReview: false,
      version: 1,
    };
  };
  const formatted = Array.from({ length: count }, (_, index) => lead(index + 1, true));
  const unformatted = Array.from({ length: 4 }, (_, index) => lead(count + index + 1, false));
  const newestFirst = (a: LeadResource, b: LeadResource) => b.scheduledDate!.localeCompare(a.scheduledDate!);
  return { formatted: formatted.sort(newestFirst), unformatted: unformatted.sort(newestFirst) };
}
