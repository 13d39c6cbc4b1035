import type { OffsiteState } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import { retrying } from '../../../platform/http/retryLoop';
import type { RetryPolicy } from '../../../platform/http/retryPolicy';
import type { S3Bucket } from './s3Bucket';

/** An upload that fails is tried again 5 times over about 2 minutes before it is reported. */
export const UPLOAD_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 4_000, maxDelayMs: 60_000 };

const reasonOf = (error: unknown) =>
  error instanceof Error
    ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`
    : String(error);

/**
 * Copies verified snapshots to the bucket one at a time, each retried with back-off; one that
 * still fails is reported (`failed`) and stays on the disk, and is tried again with the next
 * snapshot. Knows what it copied, is copying and could not copy.
 */
export function createOffsiteCopies({
  bucket,
  log,
  failed,
  policy = UPLOAD_RETRY,
}: {
  bucket: S3Bucket;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** A snapshot could not be copied after every attempt. */
  failed: (name: string, problem: string) => void;
  policy?: RetryPolicy;
}) {
  const states = new Map<string, { state: OffsiteState; problem: string | null; file: string }>();
  let queue: Promise<void> = Promise.resolve();

  async function copyOne(name: string, file: string): Promise<void> {
    states.set(name, { state: 'copying', problem: null, file });
    try {
      const outcome = await retrying<'copied' | 'gone', { askedMs: number | null; reason: string }>(
        async () => {
          // removed by the retention rule before its turn came: nothing to copy, nothing failed
          if (!fs.existsSync(file)) return { answer: 'gone' };
          try {
            await bucket.upload(name, file);
            return { answer: 'copied' };
          } catch (error) {
            return { refused: { askedMs: null, reason: reasonOf(error) } };
          }
        },
        {
          policy,
          onWait: (refused, wait) =>
            log.warn(
              { snapshot: name, attempt: wait.attempt, retryInMs: wait.delayMs, reason: refused.reason },
              'snapshot copy to the bucket failed; trying again',
            ),
          giveUp: (refused, end) =>
            new Error(`${bucket.target} refused it ${end.attempt} times; the last time: ${refused.reason}`),
        },
      );
      if (outcome === 'gone') {
        states.delete(name);
        log.info({ snapshot: name }, 'snapshot removed before it was copied off the machine');
        return;
      }
      states.set(name, { state: 'copied', problem: null, file });
      log.info({ snapshot: name, target: bucket.target }, 'snapshot copied off the machine');
    } catch (error) {
      const problem = reasonOf(error);
      states.set(name, { state: 'failed', problem, file });
      log.error(
        { snapshot: name, target: bucket.target, reason: problem },
        'snapshot not copied off the machine',
      );
      failed(name, problem);
    }
  }

  return {
    target: bucket.target,

    /** Queues the copy of a snapshot, and again those that failed before; resolves once all are done. */
    copy(name: string, file: string): Promise<void> {
      const again = [...states]
        .filter(([, entry]) => entry.state === 'failed')
        .map(([other, entry]) => [other, entry.file]);
      for (const [other, otherFile] of [[name, file], ...again] as [string, string][]) {
        states.set(other, { state: 'copying', problem: null, file: otherFile });
        queue = queue.then(() => copyOne(other, otherFile));
      }
      return queue;
    },

    /** What this process knows of a snapshot's copy; undefined: nothing (ask the bucket). */
    stateOf(name: string) {
      return states.get(name);
    },

    forget(name: string) {
      states.delete(name);
    },

    /** The copies failing now, and the last reason. */
    failing(): { failing: number; lastProblem: string | null } {
      const failedNow = [...states.values()].filter((entry) => entry.state === 'failed');
      return { failing: failedNow.length, lastProblem: failedNow.at(-1)?.problem ?? null };
    },

    /** Resolves when every queued copy is done (the command line waits for it). */
    idle: () => queue,
  };
}

export type OffsiteCopies = ReturnType<typeof createOffsiteCopies>;
