import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../src/platform/db/migrationsFolder';
import { ENGINES } from '../../testkit/engines';
import { createTestApp, type TestApp } from '../../testkit/testApp';

// Issue 37 item 1 (docs/decisions.md): a date imported without a time before `allDay` was
// stored at 00:00 UTC; migration 0027 marks such leads as days. The rule is run here on the
// real schema of both engines, over leads as an import, a person and a bulk change left them.

/** The data statement of the migration (after its column). */
const MARKING = fs
  .readFileSync(path.join(MIGRATIONS_FOLDER, '0027_lead_all_day.sql'), 'utf8')
  .split('--> statement-breakpoint')[1]!;

describe.each(ENGINES)('migration 0027 on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
  });
  afterEach(() => t.close());

  it('marks a lead as a day when an import set its date last, at 00:00 UTC', async () => {
    const at = '2026-11-01T00:00:00.000Z';
    const midnight = '2026-12-01T00:00:00.000Z';
    await t.db.batch([
      sql`INSERT INTO lead_actions (id, kind, label, lead_count, at) VALUES (1, 'import', 'import a.csv', 3, ${at}), (2, 'bulk', 'bulk', 1, ${at})`,
      sql`INSERT INTO leads (id, lead_id, source, scheduled_date) VALUES
        (1, 'imported', 'manual', ${midnight}),
        (2, 'typed', 'manual', ${midnight}),
        (3, 'imported-with-time', 'manual', '2026-12-01T15:00:00.000Z'),
        (4, 'imported-then-typed', 'manual', ${midnight}),
        (5, 'typed-then-imported', 'calendar', ${midnight})`,
      sql`INSERT INTO lead_history (lead_id, kind, field, action_id, at) VALUES
        (1, 'created', NULL, 1, ${at}),
        (2, 'created', NULL, NULL, ${at}),
        (3, 'created', NULL, 1, ${at}),
        (4, 'created', NULL, 1, ${at}), (4, 'changed', 'scheduledDate', NULL, ${at}),
        (5, 'created', NULL, NULL, ${at}), (5, 'changed', 'scheduledDate', 1, ${at}), (5, 'changed', 'status', 2, ${at})`,
    ]);
    await t.db.batch([sql.raw(MARKING)]);
    expect(await t.db.all(sql`SELECT lead_id AS leadId, all_day AS allDay FROM leads ORDER BY id`)).toEqual([
      { leadId: 'imported', allDay: 1 },
      { leadId: 'typed', allDay: 0 },
      { leadId: 'imported-with-time', allDay: 0 },
      { leadId: 'imported-then-typed', allDay: 0 },
      { leadId: 'typed-then-imported', allDay: 1 },
    ]);
  });
});
