import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { ImportLimitError, type ImportLimits } from '../../../../platform/config/importLimits';
import { oneMessageATurn } from '../../../../platform/threads/oneMessageATurn';
import { createThreadPool, type ThreadPool } from '../../../../platform/threads/threadPool';
import { limitRefused, refusedBy } from '../importProblems';
import type { LiveLead } from '../importMatches';
import type { ExistingLead } from '../planImport';
import {
  secondsOf,
  type ImportJob,
  type ImportTaskAnswer,
  type PlanSummary,
  type ToPlanner,
  type ToServer,
} from './threadMessages';

/** What the planner thread asks of the server: the leads, and (run) a place for its chunks. */
export interface ImportHost {
  /** The live leads after this id, a page in id order; an empty page is the end. */
  liveLeads(afterId: number): Promise<LiveLead[]>;
  /** The full fields of these leads (live ones only). */
  leadsByIds(ids: number[]): Promise<ExistingLead[]>;
  /** run: takes a chunk of rows to write (stages it); awaited before the next is asked for. */
  chunk?(of: 'create' | 'update', json: string): Promise<void>;
}

/** Each thread's young generation (the space of short-lived objects), in MB. */
const YOUNG_GENERATION_MB = 8;

/** Extra time past the budget before threads that do not stop themselves are ended. */
const GRACE_MS = 5_000;

/**
 * The import's threads, one pool of each kind a memory limit (a server has one; tests try
 * others), kept for the process as the calendar's reader is: a thread started afresh loads
 * its modules again. One thread of each: imports are rare, and a file waits for the one before.
 */
const pools = new Map<string, ThreadPool>();

function threadFor(kind: 'read' | 'plan', memoryMb: number): ThreadPool {
  const key = `${kind}:${memoryMb}`;
  let pool = pools.get(key);
  if (!pool)
    pools.set(
      key,
      (pool = createThreadPool({
        module: path.join(__dirname, kind === 'read' ? 'readTask.ts' : 'planTask.ts'),
        task: kind === 'read' ? 'importReadTask' : 'importPlanTask',
        maxThreads: 1,
        // a small young generation, as the calendar's reader has: reading makes garbage at a
        // high rate, and a large one lets it pile up (the process's peak memory)
        resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      })),
    );
  return pool;
}

/** Ends every import thread (tests, the bench); a later import starts new ones. */
export async function closeImportThreads(): Promise<void> {
  const closing = [...pools.values()];
  pools.clear();
  await Promise.all(closing.map((pool) => pool.close()));
}

/** A thread's task failed without an answer: it was ended by its memory limit, by the time budget, or it broke. */
function threadEnded(error: unknown, limits: ImportLimits, timedOut: boolean): Error {
  if (timedOut)
    return limitRefused(
      new ImportLimitError('seconds', `Reading and checking the file took longer than ${secondsOf(limits)}.`),
    );
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return limitRefused(
      new ImportLimitError(
        'memoryMb',
        `Reading the file needed more than ${limits.memoryMb.toLocaleString('en-US')} MB of memory.`,
      ),
    );
  return error instanceof Error ? error : new Error(String(error));
}

/** The summary, or the error the threads answered, as it is thrown here. */
function fromAnswer(answer: ImportTaskAnswer): PlanSummary {
  if (answer.ok) return answer.summary;
  throw refusedBy(answer);
}

/**
 * Reading and planning an import off the main thread, so the API, the hub and /api/health
 * answer whatever the file holds: a reader thread (readTask.ts) reads the file within the
 * import's limits and sends its rows to a planner thread (planTask.ts), which plans them while
 * the next are read, asking the server for the leads it needs and (run) sending it the rows to
 * write. Each thread's heap is bounded (IMPORT_MAX_MEMORY_MB) and their time
 * (IMPORT_MAX_SECONDS: they stop themselves, and are ended a little later if they do not):
 * either ends only those threads, the file refused with 422 naming the limit, and the next
 * file gets new ones.
 */
export function createImportThreads(limits: ImportLimits) {
  async function plan(job: ImportJob, host: ImportHost): Promise<PlanSummary> {
    const rows = new MessageChannel();
    const server = new MessageChannel();
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        abort.abort();
      },
      limits.seconds * 1000 + GRACE_MS,
    );
    const budget = { limits, deadline: Date.now() + limits.seconds * 1000 };
    const tell = (message: ToPlanner) => server.port1.postMessage(message);
    // the file moves to the reader; a buffer that shares its memory with others is copied first
    const own = job.file.byteOffset === 0 && job.file.byteLength === job.file.buffer.byteLength;
    const file = own ? job.file : new Uint8Array(job.file);
    let stopTaking = () => {};

    try {
      const answer = await new Promise<ImportTaskAnswer>((resolve, reject) => {
        let settled = false;
        const fail = (error: unknown) => {
          if (settled) return;
          settled = true;
          tell({ kind: 'stop', message: error instanceof Error ? error.message : String(error) });
          abort.abort();
          reject(error);
        };
        // a thread that is ended (memory, time) sends no answer: its task's failure is the plan's
        const ended = (error: unknown) => fail(threadEnded(error, limits, timedOut));
        const { mode, choices, auditors, timeZone, acceptInvalid } = job;
        threadFor('plan', limits.memoryMb)
          .run<void>(
            {
              mode,
              choices,
              auditors,
              timeZone,
              acceptInvalid,
              ...budget,
              rows: rows.port2,
              server: server.port2,
            },
            { transferList: [rows.port2, server.port2], signal: abort.signal },
          )
          .catch(ended);
        const reading = threadFor('read', limits.memoryMb)
          .run<void>(
            { fileName: job.fileName, file, mapping: job.mapping, ...budget, rows: rows.port1 },
            { transferList: [rows.port1, file.buffer as ArrayBuffer], signal: abort.signal },
          )
          .catch(ended);

        (async () => {
          for (let after = 0; ;) {
            const page = await host.liveLeads(after);
            if (settled) return;
            if (page.length === 0) return tell({ kind: 'live-end' });
            tell({ kind: 'live', leads: page });
            after = page.at(-1)!.id;
          }
        })().catch(fail);

        // the planner's requests, taken one a turn; chunks staged one after the other, in order
        let chunks = Promise.resolve();
        stopTaking = oneMessageATurn<ToServer>(server.port1, (message) => {
          if (settled) return;
          if (message.kind === 'leads')
            host
              .leadsByIds(message.ids)
              .then((leads) => tell({ kind: 'leads', request: message.request, leads }))
              .catch(fail);
          else if (message.kind === 'chunk')
            chunks = chunks
              .then(() => {
                if (!host.chunk) throw new Error('A preview writes no rows.');
                return host.chunk(message.of, message.json);
              })
              .then(() => tell({ kind: 'ack' }))
              .catch(fail);
          // the answer counts once the chunks before it are taken, and once the reader's task is
          // over: a reader ended by its memory limit is why the planner answered without rows
          else
            void Promise.all([chunks, reading]).then(() => {
              if (settled) return;
              settled = true;
              resolve(message.answer);
            });
        });
      });
      return fromAnswer(answer);
    } finally {
      clearTimeout(timer);
      stopTaking();
      server.port1.close();
    }
  }

  return { plan };
}

export type ImportThreads = ReturnType<typeof createImportThreads>;
