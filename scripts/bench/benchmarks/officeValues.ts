import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSyncBench } from '../../../server/testkit/bench/syncRun';
import { icsCalendar, manyEvents } from '../../../server/testkit/builders/icsBuilder';
import { againstPeer, type Benchmark } from '../benchmark';
import { median, round, timed } from '../support/statistics';

const EVENTS = 10_000;
const EDITED = 1_000;
const ROUNDS = 3;
const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' };

/** The calendar of the first sync, and the same calendar a day later: every event changed. */
function calendars(dir: string) {
  const before = path.join(dir, 'before.ics');
  const after = path.join(dir, 'after.ics');
  const events = manyEvents(EVENTS);
  fs.writeFileSync(before, icsCalendar(events));
  // every auditor swapped, and a new phone number: the office's phone edits are conflicts
  fs.writeFileSync(
    after,
    icsCalendar(
      events.map((event) => ({
        ...event,
        description: event.description
          .replace(/Sam Rivera|Alex Chen/, (name) => (name === 'Sam Rivera' ? 'Alex Chen' : 'Sam Rivera'))
          .replace(/Phone: .*/, (line) => `${line}9`),
      })),
    ),
  );
  return { before, after };
}

/** One round: a first sync, `edited` leads changed by a person, then the sync of the changed calendar. */
async function changedSync(files: { before: string; after: string }, edited: number) {
  const active = path.join(path.dirname(files.before), `active-${edited}.ics`);
  fs.copyFileSync(files.before, active);
  const bench = await createSyncBench(active, RANGE);
  try {
    await bench.run();
    const ids = (await bench.leads.list(true)).slice(0, edited);
    for (const { id } of ids) await bench.leads.update(id, { phoneNumber: `office ${id}` });
    fs.copyFileSync(files.after, active);
    const run = await timed(() => bench.run());
    if (run.result.eventsUpdated !== EVENTS)
      throw new Error(`the changed sync updated ${run.result.eventsUpdated} of ${EVENTS}`);
    return run.ms;
  } finally {
    await bench.dispose();
  }
}

/**
 * What the office's own values cost a sync (issue 20): a 10,000-event calendar that changed
 * everywhere, synced over 1,000 leads edited here (each a conflict to flag), against the same
 * sync with no edits, in the same rounds.
 */
export const officeValuesBenchmark: Benchmark = {
  name: 'office-values',
  about: `sync of a changed ${EVENTS.toLocaleString('en-US')}-event calendar over ${EDITED.toLocaleString('en-US')} office-edited leads vs. none`,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-office-'));
    try {
      const files = calendars(dir);
      const plain: number[] = [];
      const edited: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        plain.push(await changedSync(files, 0));
        edited.push(await changedSync(files, EDITED));
      }
      return [
        againstPeer(
          `changed sync over ${EDITED.toLocaleString('en-US')} office-edited leads`,
          { value: round(median(edited)), unit: 'ms' },
          { name: 'the same sync without edits', value: round(median(plain)), unit: 'ms' },
          { comparison: '≤', ratio: 1.3 },
        ),
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
