import {
  IMPORT_PREVIEW_ROWS,
  type ImportMapping,
  type ImportRowOutcome,
  type ImportTotals,
} from '@auditdesk/shared/core';
import { createHash, randomUUID } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import { ImportLimitError, type ImportLimits } from '../../../../platform/config/importLimits';
import { HttpProblem } from '../../../../platform/errors/httpProblem';
import { createRowCollector, type ImportRow, type MappedColumns } from '../importTable';
import {
  CANDIDATES_PER_ROW,
  createLiveLeadIndex,
  createRowMatcher,
  type DuplicateCandidate,
  type DuplicateChoices,
  type LiveLead,
  type RowMatcher,
} from '../importMatches';
import { unprocessable } from '../importProblems';
import {
  createImportPlanner,
  type ExistingLead,
  type ImportedField,
  type ImportPlanner,
  type PlannedRow,
} from '../planImport';
import { readImportFile } from '../read/readImportFile';
import { createJsonChunker } from './jsonChunker';

/** What the thread is asked: the file (moved to it, not copied), how to read it, and what for. */
export interface ImportJob {
  fileName: string;
  file: Uint8Array;
  mapping: ImportMapping | null;
  choices: DuplicateChoices;
  limits: ImportLimits;
  auditors: readonly string[];
  timeZone: string;
  /** preview: totals and the rows to list; run: also the rows to write, as JSON chunks. */
  mode: 'preview' | 'run';
  /** run: write the valid rows when some are not (else nothing is sent once a row is not). */
  acceptInvalid: boolean;
}

/** The thread to the server, through the task's port. */
export type ToServer =
  | { kind: 'started' }
  /** The full fields of these leads (by id), to plan the rows matched with them. */
  | { kind: 'leads'; request: number; ids: number[] }
  /** run: rows to write (a JSON array of new leads or of changes). */
  | { kind: 'chunk'; of: 'create' | 'update'; json: string }
  | { kind: 'answer'; answer: ImportTaskAnswer };

/** The server to the thread. */
export type ToThread =
  /** The live leads, a page at a time from the start of the task, then their end. */
  | { kind: 'live'; leads: LiveLead[] }
  | { kind: 'live-end' }
  | { kind: 'leads'; request: number; leads: ExistingLead[] }
  /** A chunk was taken (staged). */
  | { kind: 'ack' }
  /** The server gave up (it failed): the thread stops. */
  | { kind: 'stop'; message: string };

export interface PlanSummary {
  header: string[];
  mapping: ImportMapping;
  totals: ImportTotals;
  /** Errors first, then the rows that look like existing leads, then the others (IMPORT_PREVIEW_ROWS at most). */
  rows: ImportRowOutcome[];
  /** The rows that are not valid, first ones (run: the 422's list). */
  errors: ImportRowOutcome[];
  /** SHA-256 of the file's bytes. */
  contentHash: string;
  /** run: the fields the updates change; and how many chunks of each were sent. */
  changedFields: ImportedField[];
  chunks: { create: number; update: number };
}

/** Errors cross the thread as data: their class decides the answer. */
export type ImportTaskAnswer =
  | { ok: true; summary: PlanSummary }
  | { ok: false; kind: 'limit'; limit: keyof ImportLimits; message: string }
  | { ok: false; kind: 'problem'; status: number; message: string; extras: Record<string, unknown> }
  | { ok: false; kind: 'other'; message: string };

/** Rows planned together: one request for their leads, one step of the pipeline. */
const BATCH_ROWS = 1000;
/** Batches read ahead of the planning at most (then reading waits). */
const BATCHES_AHEAD = 4;
/** Chunks sent ahead of the server's staging at most (then planning waits). */
const CHUNKS_AHEAD = 3;
/** A name or header as a preview shows it: enough to tell rows apart, never a whole long cell. */
const SHOWN_TEXT = 200;

const shown = (text: string) => (text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT - 1)}…` : text);

function outcomeOf(row: PlannedRow, candidates: readonly DuplicateCandidate[]): ImportRowOutcome {
  return {
    row: row.number,
    outcome: row.outcome,
    customerName: shown(row.customerName),
    leadId: row.outcome === 'create' ? null : row.leadId,
    fields: row.outcome === 'update' ? (Object.keys(row.changes) as ImportRowOutcome['fields']) : [],
    reason: row.outcome === 'error' ? row.reason : null,
    duplicates: candidates.slice(0, CANDIDATES_PER_ROW).map(({ lead, reasons }) => ({
      leadId: lead.leadId,
      customerName: shown(lead.customerName),
      scheduledDate: lead.scheduledDate,
      reasons,
    })),
  };
}

/** The server's side of the port as promises: requests answered, chunks acknowledged, pages of leads. */
function serverLink(port: MessagePort) {
  const index = createLiveLeadIndex();
  let liveDone: () => void;
  const live = new Promise<void>((resolve) => (liveDone = resolve));
  const waiting = new Map<number, (leads: ExistingLead[]) => void>();
  let requests = 0;
  let unacknowledged = 0;
  let acknowledged: (() => void) | null = null;
  let stopped: string | null = null;
  const fail = () => new Error(`The server stopped the import: ${stopped}`);

  port.on('message', (message: ToThread) => {
    switch (message.kind) {
      case 'live':
        index.add(message.leads);
        break;
      case 'live-end':
        liveDone();
        break;
      case 'leads':
        waiting.get(message.request)?.(message.leads);
        waiting.delete(message.request);
        break;
      case 'ack':
        unacknowledged -= 1;
        acknowledged?.();
        break;
      case 'stop':
        stopped = message.message;
        // the waits below end: the pipeline notices `stopped` and throws
        liveDone();
        for (const answer of waiting.values()) answer([]);
        acknowledged?.();
        break;
    }
  });
  const send = (message: ToServer) => port.postMessage(message);

  return {
    index,
    send,
    checkStopped() {
      if (stopped !== null) throw fail();
    },
    live,
    async leads(ids: number[]): Promise<Map<number, ExistingLead>> {
      if (ids.length === 0) return new Map();
      const request = ++requests;
      const leads = await new Promise<ExistingLead[]>((resolve) => {
        waiting.set(request, resolve);
        send({ kind: 'leads', request, ids });
      });
      if (stopped !== null) throw fail();
      return new Map(leads.map((lead) => [lead.id, lead]));
    },
    /** Sends a chunk once fewer than CHUNKS_AHEAD wait; one call at a time. */
    async chunk(of: 'create' | 'update', json: string): Promise<void> {
      while (unacknowledged >= CHUNKS_AHEAD && stopped === null)
        await new Promise<void>((resolve) => (acknowledged = resolve));
      acknowledged = null;
      if (stopped !== null) throw fail();
      unacknowledged += 1;
      send({ kind: 'chunk', of, json });
    },
  };
}

/**
 * Reads, matches and plans a file on the import thread, as a pipeline: rows are read and
 * collected in batches; each batch, once the live leads are known, is matched (importMatches.ts),
 * its leads' fields asked of the server, planned, and either counted for the preview or (run)
 * sent to the server as JSON chunks while the next batches are read. No batch is kept once
 * planned: the thread holds a few batches, the live leads' keys and the preview's rows.
 */
async function planFile(job: ImportJob, port: MessagePort): Promise<PlanSummary> {
  const { limits } = job;
  const deadline = Date.now() + limits.seconds * 1000;
  const server = serverLink(port);
  server.send({ kind: 'started' });
  const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
  const contentHash = createHash('sha256').update(file).digest('hex');

  const totals: ImportTotals = { rows: 0, create: 0, update: 0, unchanged: 0, error: 0, duplicates: 0 };
  const listed = {
    errors: [] as ImportRowOutcome[],
    duplicates: [] as ImportRowOutcome[],
    others: [] as ImportRowOutcome[],
  };
  const changedFields = new Set<ImportedField>();
  const writing = job.mode === 'run';
  // chunks go one after the other, each once the server has room for it
  let sending = Promise.resolve();
  const sendChunk = (of: 'create' | 'update') => (json: string) => {
    sending = sending.then(() => server.chunk(of, json));
  };
  const creates = createJsonChunker(sendChunk('create'));
  const updates = createJsonChunker(sendChunk('update'));

  const checkTime = () => {
    if (Date.now() > deadline)
      throw new ImportLimitError(
        'seconds',
        `Reading and checking the file took longer than ${limits.seconds.toLocaleString('en-US')} seconds.`,
      );
  };

  let columns: MappedColumns | null = null;
  let planner: ImportPlanner | null = null;
  let matchRow: RowMatcher | null = null;

  const planBatch = async (rows: ImportRow[]) => {
    await server.live;
    server.checkStopped();
    checkTime();
    const matches = rows.map(matchRow!);
    const leads = await server.leads([
      ...new Set(matches.flatMap((match) => (match.target === null ? [] : [match.target]))),
    ]);
    checkTime();
    for (let at = 0; at < rows.length; at += 1) {
      const row = rows[at]!;
      const match = matches[at]!;
      const planned = match.error
        ? planner!.fail(row, undefined, match.error)
        : planner!.plan(row, match.target === null ? undefined : leads.get(match.target));
      totals.rows += 1;
      totals[planned.outcome] += 1;
      const looksLike = match.candidates.length > 0 && planned.outcome !== 'error';
      if (looksLike) totals.duplicates += 1;
      const list =
        planned.outcome === 'error' ? listed.errors : looksLike ? listed.duplicates : listed.others;
      if (list.length < IMPORT_PREVIEW_ROWS) list.push(outcomeOf(planned, match.candidates));
      if (!writing || (totals.error > 0 && !job.acceptInvalid)) continue;
      if (planned.outcome === 'create')
        creates.add({
          ...planned.values,
          leadId: `manual-${randomUUID()}`,
          week: planner!.weekOf(planned.values.scheduledDate),
        });
      else if (planned.outcome === 'update') {
        for (const field of Object.keys(planned.changes) as ImportedField[]) changedFields.add(field);
        updates.add({
          id: planned.id,
          changes: planned.changes,
          ...('week' in planned ? { week: planned.week } : {}),
        });
      }
    }
    await sending;
  };

  // batches are planned in file order, one after the other (a lead goes to its first row),
  // while the next ones are read
  const batches: Promise<void>[] = [];
  let failure: unknown = null;
  let previous = Promise.resolve();
  let batch: ImportRow[] = [];
  const enqueue = (rows: ImportRow[]) => {
    const step = previous.then(() => (failure === null ? planBatch(rows) : undefined));
    previous = step.catch((error: unknown) => {
      failure ??= error;
    });
    batches.push(previous);
  };

  const collector = createRowCollector(
    limits,
    job.mapping,
    (found) => {
      columns = found;
      planner = createImportPlanner(found, job);
      matchRow = createRowMatcher(server.index, planner, job.choices);
    },
    (row) => {
      batch.push(row);
      if (batch.length >= BATCH_ROWS) {
        enqueue(batch);
        batch = [];
      }
    },
  );

  await readImportFile(job.fileName, file, {
    limits,
    row: collector.row,
    async between() {
      checkTime();
      server.checkStopped();
      // reading waits while planning is behind
      while (batches.length > BATCHES_AHEAD) await batches.shift();
      if (failure !== null) throw failure;
    },
  });
  if (!columns) throw unprocessable('The file is empty.');
  if (batch.length > 0) enqueue(batch);
  await Promise.all(batches);
  if (failure !== null) throw failure;

  let chunks = { create: 0, update: 0 };
  if (writing) {
    chunks = { create: creates.end(), update: updates.end() };
    await sending;
  }
  const { header, mapping } = columns as MappedColumns;
  return {
    header: header.map(shown),
    mapping,
    totals,
    rows: [...listed.errors, ...listed.duplicates, ...listed.others].slice(0, IMPORT_PREVIEW_ROWS),
    errors: listed.errors,
    contentHash,
    changedFields: [...changedFields],
    chunks,
  };
}

/**
 * What the import thread runs for one file (see importThreads.ts): the plan's summary, or the
 * reason the file is refused, as the task's last message on its port.
 */
export async function importTask({ port, ...job }: ImportJob & { port: MessagePort }): Promise<void> {
  let answer: ImportTaskAnswer;
  try {
    answer = { ok: true, summary: await planFile(job, port) };
  } catch (error) {
    if (error instanceof ImportLimitError)
      answer = { ok: false, kind: 'limit', limit: error.limit, message: error.message };
    else if (error instanceof HttpProblem)
      answer = { ok: false, kind: 'problem', status: error.statusCode, message: error.detail, extras: error.extras };
    else answer = { ok: false, kind: 'other', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage({ kind: 'answer', answer } satisfies ToServer);
  port.close();
}
