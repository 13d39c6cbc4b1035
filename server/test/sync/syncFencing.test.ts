import { sql } from 'drizzle-orm';
import { leadContentHash } from '../../src/features/leads/record/leadContentHash';
import { createSyncRunsRepository, STALLED } from '../../src/features/sync/runs/syncRunsRepository';
import { ENGINES } from '../../testkit/engines';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import { leadChunksOf } from '../../src/features/leads/record/leadChunks';

const RANGE = { from: new Date(MARCH_2025.from).toISOString(), to: new Date(MARCH_2025.to).toISOString() };
const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const WHERE = { source: 'test calendar', sink: 'none' };

/** A calendar's leads, large enough (comments of 600 characters) to be staged in several chunks. */
const calendar = (tag: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const record = lead({
      leadId: `fenced-${index}`,
      customerName: `${tag} ${index}`,
      scheduledDate: new Date(MARCH_2025.from + (index % 28) * 86_400_000 + 50_400_000).toISOString(),
      comments: `${tag} `.repeat(150),
    });
    return { ...record, contentHash: leadContentHash(record) };
  });

// Issue 18, item 12: a run failed as stalled while its instance still wrote, beside the run that
// took over, left 64,741 of 99,500 updates applied. Every write of a run is now conditional on
// the run's lease, inside the batch that applies it; staged rows are the run's own.
describe.each(ENGINES)('on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
  });
  afterEach(() => t.close());

  const names = async () =>
    (
      await t.db.all<{ name: string }>(
        sql`SELECT customer_name AS name FROM leads WHERE deleted_at IS NULL ORDER BY lead_id`,
      )
    ).map((row) => row.name.split(' ')[0]);

  it('a run failed as stalled while it stages writes nothing; the run that took over is what the leads hold', async () => {
    const runs = createSyncRunsRepository(t.db, { leaseMs: 60_000, stallMs: 600_000 });
    const stalled = await runs.start(MARCH, 'api', null, WHERE);
    let tookOver: { created: number } | undefined;

    const late = t.leads.sync.apply(
      stalled.id,
      leadChunksOf(calendar('Older', 2500)),
      RANGE,
      '2025-02-01T00:00:00.000Z',
      async () => {
        // after the first chunk compared (and, on SQLite, staged)
        if (tookOver) return;
        // another instance fails it as stalled (its Redis lock gone) and runs a newer calendar to the end
        await t.db.batch([
          sql`UPDATE sync_runs SET status = 'failed', message = ${STALLED} WHERE id = ${stalled.id}`,
        ]);
        const newer = await runs.start(MARCH, 'api', null, WHERE);
        tookOver = await t.leads.sync.apply(
          newer.id,
          leadChunksOf(calendar('Newer', 2000)),
          RANGE,
          '2025-02-02T00:00:00.000Z',
        );
        await t.db.batch([sql`UPDATE sync_runs SET status = 'succeeded' WHERE id = ${newer.id}`]);
      },
    );

    // (matched as an object: better-sqlite3's error class belongs to the first test file's realm)
    await expect(late).rejects.toMatchObject({
      message: expect.stringMatching(/This sync no longer holds its lease.*nothing was written/),
    });
    expect(tookOver).toMatchObject({ created: 2000 });
    const held = await names();
    expect(held).toHaveLength(2000);
    expect(new Set(held)).toEqual(new Set(['Newer']));
  }, 60_000);

  it('a run whose lease ran out before its single batch writes nothing either', async () => {
    const runs = createSyncRunsRepository(t.db, { leaseMs: 60_000, stallMs: 600_000 });
    const run = await runs.start(MARCH, 'api', null, WHERE);
    await t.db.batch([sql`UPDATE sync_runs SET status = 'failed' WHERE id = ${run.id}`]);
    await expect(
      t.leads.sync.apply(run.id, leadChunksOf(calendar('Late', 10)), RANGE, '2025-02-01T00:00:00.000Z'),
    ).rejects.toMatchObject({ message: expect.stringMatching(/no longer holds its lease/) });
    expect(await names()).toEqual([]);
  });

  it('a run clears what crashed runs left in staging, and its own rows once applied', async () => {
    const runs = createSyncRunsRepository(t.db, { leaseMs: 60_000, stallMs: 600_000 });
    const crashed = await runs.start(MARCH, 'api', null, WHERE);
    await t.db.batch([
      sql`INSERT INTO leads_staging (run_id, lead_id, payload) VALUES (${crashed.id}, 'left', '{}')`,
      sql`UPDATE sync_runs SET status = 'failed' WHERE id = ${crashed.id}`,
    ]);
    const run = await runs.start(MARCH, 'api', null, WHERE);
    await t.leads.sync.apply(run.id, leadChunksOf(calendar('Now', 2500)), RANGE, '2025-02-01T00:00:00.000Z');
    const [left] = (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM leads_staging`)) as [
      { n: number },
    ];
    expect(left.n).toBe(0);
  }, 60_000);
});
