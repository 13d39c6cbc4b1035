import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { ImportLimitError, type ImportLimits } from '../../../../platform/config/importLimits';
import { HttpProblem } from '../../../../platform/errors/httpProblem';
import { oneMessageATurn } from '../../../../platform/threads/oneMessageATurn';
import { createThreadPool, type ThreadPool } from '../../../../platform/threads/threadPool';
import type { LiveLead } from '../importMatches';
import type { ExistingLead } from '../planImport';
import type { ImportJob, ImportTaskAnswer, PlanSummary, ToServer, ToThread } from './importTask';

/** What the thread asks of the server while it plans: the leads, and (run) a place for its chunks. */
export interface ImportHost {
  /** The live leads after this id, a page in id order; an empty page is the end. */
  liveLeads(afterId: number): Promise<LiveLead[]>;
  /** The full fields of these leads (live ones only). */
  leadsByIds(ids: number[]): Promise<ExistingLead[]>;
  /** run: takes a chunk of rows to write (stages it); awaited before the next is asked for. */
  chunk?(of: 'create' | 'update', json: string): Promise<void>;
}

/** Extra time past the budget before a thread that does not stop itself is ended. */
const GRACE_MS = 5_000;

/** Its task's failure when a thread is ended: by its memory limit, or by the time budget. */
function threadEnded(error: unknown, limits: ImportLimits, timedOut: boolean): Error {
  if (timedOut)
    return new ImportLimitError(
      'seconds',
      `Reading and checking the file took longer than ${limits.seconds.toLocaleString('en-US')} seconds.`,
    );
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new ImportLimitError(
      'memoryMb',
      `Reading the file needed more than ${limits.memoryMb.toLocaleString('en-US')} MB of memory.`,
    );
  return error instanceof Error ? error : new Error(String(error));
}

/** The answer as the error the task would have thrown here, or its summary. */
function fromAnswer(answer: ImportTaskAnswer): PlanSummary {
  if (answer.ok) return answer.summary;
  if (answer.kind === 'limit')
    throw new HttpProblem(422, answer.message, { limit: answer.limit });
  if (answer.kind === 'problem') throw new HttpProblem(answer.status, answer.message, answer.extras);
  throw new Error(answer.message);
}

/**
 * The import threads, one pool a memory limit (a server has one; tests try others). Kept for
 * the process, as the calendar's reader is: a thread started afresh loads its modules again.
 */
const pools = new Map<number, ThreadPool>();

function threadsFor(memoryMb: number): ThreadPool {
  let pool = pools.get(memoryMb);
  if (!pool)
    pools.set(
      memoryMb,
      (pool = createThreadPool({
        module: path.join(__dirname, 'importTask.ts'),
        task: 'importTask',
        maxThreads: 1,
        resourceLimits: {
          maxOldGenerationSizeMb: memoryMb,
          maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(memoryMb / 16))),
        },
      })),
    );
  return pool;
}

/** Ends every import thread (tests, the bench); a later import starts a new one. */
export async function closeImportThreads(): Promise<void> {
  const closing = [...pools.values()];
  pools.clear();
  await Promise.all(closing.map((pool) => pool.close()));
}

/**
 * Reading and planning an import on a thread of its own (importTask.ts), so the API, the hub
 * and /api/health answer whatever the file holds. One thread (imports are rare, and a second
 * would share the two cores with the server); a file waits for the one before. The thread's
 * heap is bounded (IMPORT_MAX_MEMORY_MB) and its time (IMPORT_MAX_SECONDS: the thread stops
 * itself, and is ended a little later if it does not): either ends only that thread, its file
 * refused with 422 naming the limit, and the next file gets a new thread.
 */
export function createImportThreads(limits: ImportLimits) {
  const threads = () => threadsFor(limits.memoryMb);

  async function plan(job: Omit<ImportJob, 'limits'>, host: ImportHost): Promise<PlanSummary> {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    let stopTaking = () => {};
    const tell = (message: ToThread) => port1.postMessage(message);
    // the file moves to the thread; a buffer that shares its memory with others is copied first
    const own = job.file.byteOffset === 0 && job.file.byteLength === job.file.buffer.byteLength;
    const file = own ? job.file : new Uint8Array(job.file);
    try {
      const answer = await new Promise<ImportTaskAnswer>((resolve, reject) => {
        let settled = false;
        const fail = (error: unknown) => {
          if (settled) return;
          settled = true;
          tell({ kind: 'stop', message: error instanceof Error ? error.message : String(error) });
          reject(error);
        };
        // the server's answers to the thread, one at a time in order
        let chunks = Promise.resolve();
        const sendLiveLeads = async () => {
          for (let after = 0; ; ) {
            const page = await host.liveLeads(after);
            if (settled) return;
            if (page.length === 0) return tell({ kind: 'live-end' });
            tell({ kind: 'live', leads: page });
            after = page.at(-1)!.id;
          }
        };
        stopTaking = oneMessageATurn<ToServer>(port1, (message) => {
          if (settled) return;
          switch (message.kind) {
            case 'started':
              timer = setTimeout(() => {
                timedOut = true;
                abort.abort();
              }, limits.seconds * 1000 + GRACE_MS);
              sendLiveLeads().catch(fail);
              break;
            case 'leads':
              host
                .leadsByIds(message.ids)
                .then((leads) => tell({ kind: 'leads', request: message.request, leads }))
                .catch(fail);
              break;
            case 'chunk':
              chunks = chunks
                .then(() => {
                  if (!host.chunk) throw new Error('This import takes no rows to write.');
                  return host.chunk(message.of, message.json);
                })
                .then(() => tell({ kind: 'ack' }))
                .catch(fail);
              break;
            case 'answer':
              // the chunks sent before the answer are all taken before it counts
              chunks.then(() => {
                if (!settled) {
                  settled = true;
                  resolve(message.answer);
                }
              }, fail);
              break;
          }
        });
        // a thread that is ended (memory, time) sends no answer: its task's failure is the plan's
        threads()
          .run<void>(
            { ...job, file, limits, port: port2 },
            { transferList: [port2, file.buffer as ArrayBuffer], signal: abort.signal },
          )
          .catch((error: unknown) => fail(threadEnded(error, limits, timedOut)));
      });
      return fromAnswer(answer);
    } finally {
      clearTimeout(timer);
      stopTaking();
      port1.close();
    }
  }

  return { plan };
}

export type ImportThreads = ReturnType<typeof createImportThreads>;
