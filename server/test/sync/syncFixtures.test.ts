import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { ICS_FIXTURES, icsFixtureNames } from '../../testkit/ics/icsFixtures';
import { bearer, createTestApp } from '../../testkit/testApp';

/** Every real-world file through the whole engine: imported, or refused with nothing written. */
describe.each(icsFixtureNames())('syncing %s', (name) => {
  it('imports its events or fails clearly, writing nothing', async () => {
    const t = await createTestApp({ CALENDAR_ICS: path.join(ICS_FIXTURES, name) });
    const token = (await t.login()).access_token;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: bearer(token),
      payload: { startDate: '2024-01-01', endDate: '2026-12-31' },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    const leads = (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM leads`))[0]!.n;
    if (result.success) {
      expect(leads).toBe(result.eventsProcessed);
      expect(result.eventsCreated).toBe(result.eventsProcessed);
    } else {
      expect(result.message).toMatch(/^The calendar file could not be read: .+/);
      expect(leads).toBe(0);
      expect(fs.existsSync(t.config.spreadsheet.path)).toBe(false);
    }
    await t.close();
  });
});
