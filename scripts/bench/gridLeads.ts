import { weekOfMonth } from '../../server/src/sync/parser/weekOfMonth';
import { lead } from '../../server/test/support/leads';

const AUDITORS = ['Sam Rivera', 'Alex Chen', 'Pat Morgan'];
const HOUSES = ['Single Family', '2 Family', '3 Family', '4 Family'];
const FUELS = ['Gas', 'Oil', 'Propane', 'Electricity'];

/** `count` leads from 2024-01-01 on, 137 a day, of the two compared auditors and one more, with every category. */
export function gridLeads(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2024, 0, 1) + Math.floor(index / 137) * 86_400_000 + 14 * 3_600_000);
    return lead({
      leadId: `grid-${index}`,
      auditor: AUDITORS[index % 3]!,
      scheduledDate: date.toISOString(),
      week: weekOfMonth(date),
      houseType: HOUSES[index % 4]!,
      heatingFuel: FUELS[(index >> 2) % 4]!,
      provider: index % 5 ? 'National Grid' : 'EverSource',
      status: index % 12 === 0 ? 'Cancelled' : index % 3 ? 'Completed' : 'Scheduled',
      referredBy: index % 4 ? '' : 'Friend',
    });
  });
}
