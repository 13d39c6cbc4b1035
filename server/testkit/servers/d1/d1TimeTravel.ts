import { createHash } from 'node:crypto';
import type { MiniflareD1 } from './miniflareD1';

/** A state of the database this server kept: its bookmark, when it began, and its dump. */
interface KeptState {
  bookmark: string;
  at: number;
  dump: string[];
}

export class TimeTravelRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How far back Cloudflare restores (Workers Paid). */
const DAYS = 30;

/**
 * D1 Time Travel over Miniflare's database, as Cloudflare documents it: a bookmark names a
 * state of the database, is lexicographically sortable, and can be had for any moment of the
 * last 30 days; a restore puts that state back and answers the new bookmark and the one before
 * it (`previous_bookmark`), with which the restore itself can be undone. States are real
 * snapshots (Miniflare's SQL export), taken when a bookmark is asked for, before and after
 * every restore, and (with `everyWrite`) after every write. A moment whose state was not kept
 * (writes came after the last kept state before it and another write after it) is refused,
 * as a test server cannot invent it.
 */
export function createD1TimeTravel(engine: MiniflareD1, { now = () => Date.now() } = {}) {
  const kept: KeptState[] = [];
  /** When the database was last written, and whether that write is in no kept state yet. */
  let lastWriteAt = 0;
  const writes: number[] = [];
  let unkept = true;
  let everyWrite = false;

  async function keepNow(): Promise<KeptState> {
    const latest = kept.at(-1);
    if (latest && !unkept) return latest;
    const dump = await engine.dump();
    const at = Math.max(now(), (latest?.at ?? 0) + 1);
    const sequence = kept.length + 1;
    const hash = createHash('sha256').update(dump.join('\n')).digest('hex').slice(0, 32);
    const state = {
      bookmark: `${sequence.toString(16).padStart(8, '0')}-${Math.floor(at / 1000)
        .toString(16)
        .padStart(8, '0')}-00004c6d-${hash}`,
      at,
      dump,
    };
    kept.push(state);
    unkept = false;
    return state;
  }

  /** The state the database was in at `at`. */
  async function stateAt(at: number): Promise<KeptState> {
    if (Number.isNaN(at)) throw new TimeTravelRefusal(400, 'timestamp must be an RFC 3339 date-time.');
    if (at > now()) throw new TimeTravelRefusal(400, 'timestamp is in the future.');
    if (at < now() - DAYS * 86_400_000)
      throw new TimeTravelRefusal(400, `timestamp is older than ${DAYS} days.`);
    // nothing written since: the database now is the database then
    if (at >= lastWriteAt) return keepNow();
    // a kept state stands until the first write after it
    const before = [...kept].reverse().find((state) => state.at <= at);
    if (before && !writes.some((write) => write > before.at && write <= at)) return before;
    throw new TimeTravelRefusal(
      400,
      'This test server keeps the states it was asked a bookmark of (and, with everyWrite, every write): none covers that timestamp.',
    );
  }

  return {
    /** Every write the server ran: the state after it is not kept yet (or is, with everyWrite). */
    async written(): Promise<void> {
      lastWriteAt = now();
      writes.push(lastWriteAt);
      unkept = true;
      if (everyWrite) await keepNow();
    },

    /** Keeps a state after every write (a test that restores to arbitrary times). */
    keepEveryWrite(on = true) {
      everyWrite = on;
    },

    /** GET …/time_travel/bookmark[?timestamp=]: the bookmark of now, or of that moment. */
    async bookmark(timestamp: string | null): Promise<string> {
      return (timestamp === null ? await keepNow() : await stateAt(Date.parse(timestamp))).bookmark;
    },

    /** POST …/time_travel/restore?bookmark=|timestamp=: answers the new bookmark and the previous one. */
    async restore(to: { bookmark: string | null; timestamp: string | null }) {
      let target: KeptState | undefined;
      if (to.bookmark) {
        target = kept.find((state) => state.bookmark === to.bookmark);
        if (!target) throw new TimeTravelRefusal(400, `Invalid bookmark: ${to.bookmark}`);
      } else if (to.timestamp) {
        target = await stateAt(Date.parse(to.timestamp));
      } else throw new TimeTravelRefusal(400, 'Provide either a bookmark or a timestamp.');
      const previous = await keepNow();
      await engine.load(target.dump);
      lastWriteAt = Math.max(now(), previous.at + 1);
      writes.push(lastWriteAt);
      unkept = true;
      const restored = await keepNow();
      return {
        bookmark: restored.bookmark,
        previous_bookmark: previous.bookmark,
        message: 'Database restored successfully',
      };
    },

    /** The state of a bookmark (the export endpoint reads it). */
    dumpOf: (bookmark: string) => kept.find((state) => state.bookmark === bookmark)?.dump ?? null,
    keepNow,

    reset() {
      kept.length = 0;
      writes.length = 0;
      lastWriteAt = 0;
      unkept = true;
      everyWrite = false;
    },
  };
}

export type D1TimeTravel = ReturnType<typeof createD1TimeTravel>;
