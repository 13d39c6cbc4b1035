import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lead, MARCH_2025 } from '../../../test/support/leads';
import { openDatabase, type AppDatabase } from '../../db/openDatabase';
import { leads } from '../../db/schema';
import { writeLeads } from './writeLeads';

describe('writeLeads', () => {
  let db: AppDatabase;
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-leads-'));
    db = openDatabase(path.join(dir, 'db.sqlite'));
  });
  afterEach(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const row = (leadId: string) => db.select().from(leads).where(eq(leads.leadId, leadId)).get();

  it('creates, then updates only what changed, and writes nothing for a repeat', () => {
    expect(writeLeads(db, [lead(), lead({ leadId: 'lead-2' })], MARCH_2025, 't1')).toEqual({
      created: 2,
      updated: 0,
      deleted: 0,
    });
    expect(
      writeLeads(db, [lead({ status: 'Completed' }), lead({ leadId: 'lead-2' })], MARCH_2025, 't2'),
    ).toEqual({ created: 0, updated: 1, deleted: 0 });
    expect(row('lead-1')).toMatchObject({ status: 'Completed', lastSyncedAt: 't2', source: 'calendar' });
    expect(row('lead-2')?.lastSyncedAt).toBe('t1');

    const changesBefore = db.$client.prepare('SELECT total_changes() AS n').get() as { n: number };
    expect(
      writeLeads(db, [lead({ status: 'Completed' }), lead({ leadId: 'lead-2' })], MARCH_2025, 't3'),
    ).toEqual({ created: 0, updated: 0, deleted: 0 });
    const changesAfter = db.$client.prepare('SELECT total_changes() AS n').get() as { n: number };
    expect(changesAfter.n).toBe(changesBefore.n);
  });

  it('soft-deletes calendar leads gone from the range, and brings them back when they return', () => {
    writeLeads(
      db,
      [
        lead(),
        lead({ leadId: 'gone' }),
        lead({ leadId: 'april', scheduledDate: '2025-04-02T14:00:00.000Z' }),
      ],
      { from: MARCH_2025.from, to: Date.parse('2025-04-30T23:59:59Z') },
      't1',
    );
    expect(writeLeads(db, [lead()], MARCH_2025, 't2')).toEqual({ created: 0, updated: 0, deleted: 1 });
    expect(row('gone')?.deletedAt).toBe('t2');
    expect(row('april')?.deletedAt).toBeNull(); // outside the synced range
    expect(writeLeads(db, [lead(), lead({ leadId: 'gone' })], MARCH_2025, 't3')).toEqual({
      created: 0,
      updated: 1,
      deleted: 0,
    });
    expect(row('gone')?.deletedAt).toBeNull();
  });

  it('never changes or deletes a lead entered by hand', () => {
    db.insert(leads)
      .values({
        leadId: 'manual-1',
        source: 'manual',
        customerName: 'Walk-in',
        scheduledDate: '2025-03-10T14:00:00.000Z',
      })
      .run();
    expect(writeLeads(db, [lead()], MARCH_2025, 't1').deleted).toBe(0);
    writeLeads(db, [lead({ leadId: 'manual-1', customerName: 'From calendar' })], MARCH_2025, 't2');
    expect(row('manual-1')).toMatchObject({ customerName: 'Walk-in', deletedAt: null, source: 'manual' });
  });

  it('is all or nothing', () => {
    writeLeads(db, [lead()], MARCH_2025, 't1');
    const broken = lead({ leadId: 'bad' });
    // a value SQLite refuses makes the whole write roll back
    (broken as unknown as { customerName: unknown }).customerName = { not: 'a string' };
    expect(() => writeLeads(db, [lead({ status: 'Completed' }), broken], MARCH_2025, 't2')).toThrow();
    expect(row('lead-1')?.status).toBe('Scheduled');
    expect(row('bad')).toBeUndefined();
  });
});
