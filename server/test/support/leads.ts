import type { LeadRecord } from '../../src/sync/parser/leadRecord';

/** A formatted lead with sensible defaults; override what the test is about. */
export function lead(overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    leadId: 'lead-1',
    linkId: '',
    customerName: 'Jane Doe',
    scheduledDate: '2025-03-04T14:00:00.000Z',
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
