import path from 'node:path';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import { runSync } from '../../src/features/sync/engine/runSync';
import { sourceHash } from '../../src/features/sync/engine/runHash';
import { noProgress } from '../../src/features/sync/engine/syncProgress';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { freshRun } from '../../testkit/builders/freshRun';
import { createTestApp, type TestApp } from '../../testkit/testApp';

const RANGE = { startDate: '2025-03-01', endDate: '2025-03-31' };

describe('the calendar fingerprint a run records', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({});
  });
  afterEach(() => t.close());

  it('is the fingerprint of what was read, when the calendar changed after it was first taken', async () => {
    const spreadsheet = createXlsxSpreadsheet(path.join(t.config.dataDir, 'leads.xlsx'));
    const outcome = await runSync(
      {
        leads: t.leads,
        source: {
          description: 'test calendar',
          events: async () => ({ events: [], problems: [] }),
          snapshot: async () => ({
            fingerprint: 'before the edit',
            read: async () => ({ events: [], problems: [], fingerprint: 'as read' }),
          }),
        },
        spreadsheet,
        auditors: ['Sam Rivera'],
        limits: DEFAULT_CALENDAR_LIMITS,
      },
      await freshRun(t.db, RANGE),
      noProgress,
    );
    const sheet = await spreadsheet.fingerprint();
    const version = await t.leads.dataVersion();
    expect(outcome.sourceHash).toBe(sourceHash(RANGE, 'as read', ['Sam Rivera'], version, sheet!));
  });
});
