import { createHash } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import { createRowCollector, type ImportRow } from '../importTable';
import { unprocessable } from '../importProblems';
import { readImportFile } from '../read/readImportFile';
import {
  budgetCheck,
  failureOf,
  packRows,
  type Budget,
  type FromReader,
  type ImportJob,
  type ToReader,
} from './threadMessages';

/** Rows sent to the planner together. */
const BATCH_ROWS = 1000;
/** Batches sent ahead of the planning at most (then reading waits). */
const BATCHES_AHEAD = 4;

/**
 * What the reader thread runs for one file (see importThreads.ts): reads it within the
 * import's limits (read/), keeps of each row only the columns the mapping takes, and sends
 * them to the planner thread in batches through `rows`, a few ahead of the planning at most,
 * so that reading the next rows and planning these overlap on the two cores. Ends with the
 * file's content hash, or the reason it is refused.
 */
export async function importReadTask({
  fileName,
  file: bytes,
  mapping,
  limits,
  deadline,
  rows: port,
}: Pick<ImportJob, 'fileName' | 'file' | 'mapping'> & Budget & { rows: MessagePort }): Promise<void> {
  const send = (message: FromReader) => port.postMessage(message);
  let unacknowledged = 0;
  let acknowledged: (() => void) | null = null;
  let plannerGone = false;
  port.on('message', (message: ToReader) => {
    if (message.kind !== 'ack') return;
    unacknowledged -= 1;
    acknowledged?.();
  });
  port.on('close', () => {
    plannerGone = true;
    acknowledged?.();
  });
  const checkTime = budgetCheck({ limits, deadline });
  try {
    const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let batch: ImportRow[] = [];
    const flush = () => {
      if (batch.length === 0) return;
      unacknowledged += 1;
      send({ kind: 'rows', batch: packRows(batch) });
      batch = [];
    };
    const collector = createRowCollector(
      limits,
      mapping,
      (columns) => send({ kind: 'header', columns }),
      (row) => {
        batch.push(row);
        if (batch.length >= BATCH_ROWS) flush();
      },
    );
    await readImportFile(fileName, file, {
      limits,
      row: collector.row,
      async between() {
        checkTime();
        while (unacknowledged > BATCHES_AHEAD && !plannerGone)
          await new Promise<void>((resolve) => (acknowledged = resolve));
        acknowledged = null;
        if (plannerGone) throw new Error('The planner stopped.');
      },
    });
    if (!collector.columns) throw unprocessable('The file is empty.');
    flush();
    send({ kind: 'end', contentHash: createHash('sha256').update(file).digest('hex') });
  } catch (error) {
    if (!plannerGone) send({ kind: 'failed', answer: failureOf(error) });
  } finally {
    port.close();
  }
}
