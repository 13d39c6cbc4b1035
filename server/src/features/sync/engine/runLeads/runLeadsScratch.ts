import type BetterSqlite3 from 'better-sqlite3';
import { openScratchDatabase, pagesOf } from '../../../../platform/db/sqlite/openScratchDatabase';
import { LEAD_FIELDS } from '../../../leads/record/leadRecord';
import type { HashedLead } from '../../../leads/record/leadContentHash';
import { leadFingerprint } from './leadFingerprint';

/** A lead as a JSON array of its values (shorter and quicker to read back than an object). */
const toJson = (lead: HashedLead): string =>
  JSON.stringify([...LEAD_FIELDS.map((field) => lead[field]), lead.contentHash, lead.eventRef ?? null]);

function fromJson(text: string): HashedLead {
  const values = JSON.parse(text) as unknown[];
  const lead = {} as Record<string, unknown>;
  LEAD_FIELDS.forEach((field, at) => (lead[field] = values[at]));
  lead.contentHash = values[LEAD_FIELDS.length];
  const eventRef = values[LEAD_FIELDS.length + 1];
  if (eventRef) lead.eventRef = eventRef;
  return lead as HashedLead;
}

/**
 * A run's leads in a scratch database: each as JSON, in the order first seen (a leadId seen
 * again keeps its place and takes the later lead), with its fingerprint beside it to sort.
 */
export function createRunLeadsScratch(chunkSize: number) {
  const db: BetterSqlite3.Database = openScratchDatabase();
  db.exec(
    'CREATE TABLE run_leads (seq INTEGER PRIMARY KEY, lead_id TEXT NOT NULL UNIQUE, fingerprint TEXT NOT NULL, formatted INTEGER NOT NULL, lead TEXT NOT NULL)',
  );
  const insert = db.prepare(
    `INSERT INTO run_leads (lead_id, fingerprint, formatted, lead) VALUES (?, ?, ?, ?)
     ON CONFLICT (lead_id) DO UPDATE SET fingerprint = excluded.fingerprint, formatted = excluded.formatted, lead = excluded.lead`,
  );
  const addAll = db.transaction((leads: Iterable<HashedLead>) => {
    for (const lead of leads)
      insert.run(lead.leadId, leadFingerprint(lead), Number(lead.isFormatted), toJson(lead));
  });
  const page = db.prepare('SELECT seq, lead FROM run_leads WHERE seq > ? ORDER BY seq LIMIT ?');
  const pageOf = db.prepare(
    'SELECT seq, lead FROM run_leads WHERE seq > ? AND formatted = ? ORDER BY seq LIMIT ?',
  );
  const count = db.prepare('SELECT count(*) FROM run_leads').pluck();
  const byLeadId = db.prepare('SELECT lead FROM run_leads WHERE lead_id = ?').pluck();
  const sorted = db.prepare('SELECT fingerprint FROM run_leads ORDER BY fingerprint').pluck();
  let size: number | null = 0;

  return {
    add(leads: Iterable<HashedLead>) {
      addAll(leads);
      size = null;
    },
    size: () => (size ??= count.get() as number),
    *chunks(formatted?: boolean): Generator<HashedLead[]> {
      const read = (after: number) =>
        (formatted === undefined
          ? page.all(after, chunkSize)
          : pageOf.all(after, Number(formatted), chunkSize)) as { seq: number; lead: string }[];
      for (const rows of pagesOf(read, (row) => row.seq)) yield rows.map((row) => fromJson(row.lead));
    },
    find(leadId: string): HashedLead | undefined {
      const text = byLeadId.get(leadId) as string | undefined;
      return text === undefined ? undefined : fromJson(text);
    },
    fingerprints: () => sorted.iterate() as IterableIterator<string>,
    close: () => db.close(),
  };
}
