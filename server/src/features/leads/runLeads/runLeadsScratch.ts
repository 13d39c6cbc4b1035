import type BetterSqlite3 from 'better-sqlite3';
import { openScratchDatabase } from '../../../platform/db/sqlite/openScratchDatabase';
import type { HashedLead } from '../repository/leadSyncWriter';
import { leadFingerprint } from './leadFingerprint';

/**
 * A run's leads in a scratch database: each as JSON, in the order first seen (a leadId seen
 * again keeps its place and takes the later lead), with its fingerprint beside it to sort.
 */
export function createRunLeadsScratch(chunkSize: number) {
  const db: BetterSqlite3.Database = openScratchDatabase();
  db.exec(
    'CREATE TABLE run_leads (seq INTEGER PRIMARY KEY, lead_id TEXT NOT NULL UNIQUE, fingerprint TEXT NOT NULL, lead TEXT NOT NULL)',
  );
  const insert = db.prepare(
    `INSERT INTO run_leads (lead_id, fingerprint, lead) VALUES (?, ?, ?)
     ON CONFLICT (lead_id) DO UPDATE SET fingerprint = excluded.fingerprint, lead = excluded.lead`,
  );
  const addAll = db.transaction((leads: Iterable<HashedLead>) => {
    for (const lead of leads) insert.run(lead.leadId, leadFingerprint(lead), JSON.stringify(lead));
  });
  const page = db.prepare('SELECT seq, lead FROM run_leads WHERE seq > ? ORDER BY seq LIMIT ?');
  const count = db.prepare('SELECT count(*) FROM run_leads').pluck();
  const sorted = db.prepare('SELECT fingerprint FROM run_leads ORDER BY fingerprint').pluck();
  let size: number | null = 0;

  return {
    add(leads: Iterable<HashedLead>) {
      addAll(leads);
      size = null;
    },
    size: () => (size ??= count.get() as number),
    /** A page at a time, each its own query: nothing is left open between chunks. */
    *chunks(): Generator<HashedLead[]> {
      let after = 0;
      for (;;) {
        const rows = page.all(after, chunkSize) as { seq: number; lead: string }[];
        if (rows.length === 0) return;
        after = rows.at(-1)!.seq;
        yield rows.map((row) => JSON.parse(row.lead) as HashedLead);
      }
    },
    fingerprints: () => sorted.iterate() as IterableIterator<string>,
    close: () => db.close(),
  };
}
