import path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import Piscina from 'piscina';

export interface ThreadPoolOptions {
  /** The TypeScript module the threads load, and the export each task calls. */
  module: string;
  task: string;
  maxThreads: number;
  resourceLimits?: ResourceLimits;
}

/**
 * Threads for work whose cost a stranger decides (a calendar, an imported file), so the API,
 * the hub and /api/health answer whatever it holds. Piscina's threads, started on the first
 * task (a server that never needs them never starts them) and then kept, unreferenced while
 * idle so they never keep a process from exiting: a thread started afresh loads its modules
 * and compiles its parser again. A thread that breaks its resource limits, or whose task is
 * aborted, is ended alone; its task fails and the pool starts another for the next.
 */
export function createThreadPool({ module, task, maxThreads, resourceLimits }: ThreadPoolOptions) {
  let pool: Piscina | null = null;
  const threads = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: path.join(__dirname, 'tsxWorker.cjs'),
      name: task,
      workerData: { module },
      minThreads: 0,
      maxThreads,
      idleTimeout: Infinity,
      ...(resourceLimits ? { resourceLimits } : {}),
    });
    // a thread that dies between tasks (or is ended twice) is reported here, not to a task:
    // unheard, the event would end the process; the pool starts another thread for the next task
    pool.on('error', () => undefined);
    return pool;
  };
  return {
    run<T>(
      argument: unknown,
      options: { transferList?: Transferable[]; signal?: AbortSignal } = {},
    ): Promise<T> {
      // piscina's own transferable type is narrower than what postMessage takes
      return threads().run(argument, options as Parameters<Piscina['run']>[1]) as Promise<T>;
    },
    /** Ends the threads (tests, a closing server); a later task starts new ones. */
    async close(): Promise<void> {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}

export type ThreadPool = ReturnType<typeof createThreadPool>;
