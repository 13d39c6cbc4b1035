import { blankLeadFields, SYNCED_LEAD_FIELDS } from '@auditdesk/shared/core';
import type { LeadRecord } from '../../src/features/leads/record/leadRecord';

/** Every synced field empty, a field the builder does not name too. */
export const blankRecord = () => {
  const blank = blankLeadFields();
  return Object.fromEntries(SYNCED_LEAD_FIELDS.map((field) => [field, blank[field]])) as {
    [F in (typeof SYNCED_LEAD_FIELDS)[number]]: (typeof blank)[F];
  };
};

/** A formatted lead with sensible defaults; override what the test is about. */
export function lead(overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    ...blankRecord(),
    leadId: 'lead-1',
    linkId: '',
    customerName: 'Jane Doe',
    address: '',
    scheduledDate: '2025-03-04T14:00:00.000Z',
    endDate: null,
    week: 2,
    auditor: 'Sam Rivera',
    houseType: '2 Family',
    phoneNumber: '(617) 555-0142',
    heatingFuel: 'Gas',
    provider: 'National Grid',
    referredBy: '',
    scheduledBy: 'Maria',
    status: 'Scheduled',
    email: '',
    comments: '',
    isFormatted: true,
    ...overrides,
  };
}

export const MARCH_2025 = {
  from: Date.parse('2025-03-01T00:00:00Z'),
  to: Date.parse('2025-03-31T23:59:59.999Z'),
};

/** `count` formatted leads with the text a real appointment carries (notes included). */
export function manyLeads(count: number): LeadRecord[] {
  return Array.from({ length: count }, (_, index) =>
    lead({
      leadId: `bulk-${index}@test`,
      customerName: `Customer ${index}`,
      scheduledDate: new Date(MARCH_2025.from + (index % 3000) * 600_000).toISOString(),
      phoneNumber: `(617) 555-${String(index % 10000).padStart(4, '0')}`,
      email: `customer${index}@example.com`,
      comments: `Gate code ${1000 + (index % 9000)}; dog in the yard, side door; basement boiler replaced in 2015, ask about the attic insulation and the windows on the north side.`,
    }),
  );
}
