import { IMPORT_PREVIEW_ROWS, type ImportRowOutcome, type ImportTotals } from '@auditdesk/shared/core';
import { randomUUID } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import type { ImportRow, MappedColumns } from '../importTable';
import {
  CANDIDATES_PER_ROW,
  createLiveLeadIndex,
  createRowMatcher,
  type DuplicateCandidate,
  type RowMatcher,
} from '../importMatches';
import {
  createImportPlanner,
  type ExistingLead,
  type ImportedField,
  type ImportPlanner,
  type PlannedRow,
} from '../planImport';
import { createJsonChunker } from './jsonChunker';
import {
  budgetCheck,
  failureOf,
  type Budget,
  type FromReader,
  type ImportJob,
  type ImportTaskAnswer,
  type PlanSummary,
  type ToPlanner,
  type ToReader,
  type ToServer,
  unpackRows,
} from './threadMessages';

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

/** The server's side of the port as promises: the live leads, leads asked for, chunks taken. */
function serverLink(port: MessagePort) {
  const index = createLiveLeadIndex();
  let liveDone!: () => void;
  const live = new Promise<void>((resolve) => (liveDone = resolve));
  const waiting = new Map<number, (leads: ExistingLead[]) => void>();
  let requests = 0;
  let unacknowledged = 0;
  let acknowledged: (() => void) | null = null;
  let stopped: string | null = null;
  const check = () => {
    if (stopped !== null) throw new Error(`The server stopped the import: ${stopped}`);
  };

  port.on('message', (message: ToPlanner) => {
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
        // every wait ends: the pipeline checks `stopped` and throws
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
    check,
    async live() {
      await live;
      check();
    },
    async leads(ids: number[]): Promise<Map<number, ExistingLead>> {
      if (ids.length === 0) return new Map();
      const request = ++requests;
      const leads = await new Promise<ExistingLead[]>((resolve) => {
        waiting.set(request, resolve);
        send({ kind: 'leads', request, ids });
      });
      check();
      return new Map(leads.map((lead) => [lead.id, lead]));
    },
    /** Sends a chunk once fewer than CHUNKS_AHEAD wait; one call at a time. */
    async chunk(of: 'create' | 'update', json: string): Promise<void> {
      while (unacknowledged >= CHUNKS_AHEAD && stopped === null)
        await new Promise<void>((resolve) => (acknowledged = resolve));
      acknowledged = null;
      check();
      unacknowledged += 1;
      send({ kind: 'chunk', of, json });
    },
  };
}

/**
 * Plans the rows the reader thread sends, batch by batch in file order while it reads on:
 * once the live leads are known (the server sends them from the start), each batch is matched
 * (importMatches.ts), its leads' fields asked of the server, planned, and either counted for
 * the preview or (run) sent to the server as JSON chunks. No batch is kept once planned: the
 * thread holds a few batches, the live leads' keys and the preview's rows.
 */
async function planRows(
  job: Omit<ImportJob, 'file' | 'fileName' | 'mapping'> & Budget,
  reader: MessagePort,
  server: ReturnType<typeof serverLink>,
): Promise<PlanSummary> {
  const checkTime = budgetCheck(job);
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

  let columns: MappedColumns | null = null;
  let planner: ImportPlanner | null = null;
  let matchRow: RowMatcher | null = null;

  const planBatch = async (rows: ImportRow[]) => {
    await server.live();
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
        : planner!.plan(
            row,
            match.target === null ? undefined : leads.get(match.target),
            match.candidates.length > 0,
          );
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

  const contentHash = await new Promise<string>((resolve, reject) => {
    // batches are planned in file order, one after the other (a lead goes to its first row)
    let previous = Promise.resolve();
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    reader.on('message', (message: FromReader) => {
      switch (message.kind) {
        case 'header':
          columns = message.columns;
          planner = createImportPlanner(message.columns, job);
          matchRow = createRowMatcher(server.index, planner, job.choices);
          break;
        case 'rows':
          previous = previous
            .then(() => (failed ? undefined : planBatch(unpackRows(message.batch))))
            .then(() => reader.postMessage({ kind: 'ack' } satisfies ToReader), fail);
          break;
        case 'end':
          previous.then(() => resolve(message.contentHash), fail);
          break;
        case 'failed':
          fail(Object.assign(new Error(message.answer.message), { answer: message.answer }));
          break;
      }
    });
    reader.on('close', () =>
      previous.then(() => fail(new Error('The reader thread ended without an answer.'))),
    );
  });

  if (writing) {
    creates.end();
    updates.end();
    await sending;
  }
  const { header, mapping } = columns!;
  return {
    header: (header as string[]).map(shown),
    mapping,
    totals,
    rows: [...listed.errors, ...listed.duplicates, ...listed.others].slice(0, IMPORT_PREVIEW_ROWS),
    errors: listed.errors,
    contentHash,
    changedFields: [...changedFields],
  };
}

/**
 * What the planner thread runs for one file (see importThreads.ts): the plan's summary, or
 * the reason the file is refused (the reader's, or its own), as its last message to the server.
 */
export async function importPlanTask({
  rows: reader,
  server: port,
  ...job
}: Omit<ImportJob, 'file' | 'fileName' | 'mapping'> &
  Budget & { rows: MessagePort; server: MessagePort }): Promise<void> {
  const server = serverLink(port);
  let answer: ImportTaskAnswer;
  try {
    answer = { ok: true, summary: await planRows(job, reader, server) };
  } catch (error) {
    answer = (error as { answer?: ImportTaskAnswer }).answer ?? failureOf(error);
  }
  server.send({ kind: 'answer', answer });
  reader.close();
  port.close();
}
