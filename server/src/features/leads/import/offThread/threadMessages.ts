import type { ImportMapping, ImportRowOutcome, ImportTotals } from '@auditdesk/shared/core';
import { ImportLimitError, type ImportLimits } from '../../../../platform/config/importLimits';
import { HttpProblem } from '../../../../platform/errors/httpProblem';
import type { ImportRow, MappedColumns } from '../importTable';
import type { DuplicateChoices, LiveLead } from '../importMatches';
import type { ExistingLead, ImportedField } from '../planImport';

/** What an import asks of its threads: the file, how to read it, and what for. */
export interface ImportJob {
  fileName: string;
  file: Uint8Array;
  mapping: ImportMapping | null;
  choices: DuplicateChoices;
  auditors: readonly string[];
  timeZone: string;
  /** preview: totals and the rows to list; run: also the rows to write, as JSON chunks. */
  mode: 'preview' | 'run';
  /** run: write the valid rows when some are not (else nothing is sent once a row is not). */
  acceptInvalid: boolean;
}

/** Both threads stop by this time (epoch ms): IMPORT_MAX_SECONDS from the start. */
export interface Budget {
  limits: ImportLimits;
  deadline: number;
}

/**
 * Rows as they cross to the planner: each distinct text of the batch once, and each cell as
 * its index. A message copies every string it holds, even the same one again: a file that
 * repeats one long text in every cell would be copied whole once a cell.
 */
export interface RowBatch {
  texts: string[];
  rows: { number: number; cells: number[] }[];
}

export function packRows(rows: readonly ImportRow[]): RowBatch {
  const index = new Map<string, number>();
  const texts: string[] = [];
  const at = (text: string) => {
    let found = index.get(text);
    if (found === undefined) index.set(text, (found = texts.push(text) - 1));
    return found;
  };
  return { texts, rows: rows.map(({ number, cells }) => ({ number, cells: cells.map(at) })) };
}

export const unpackRows = ({ texts, rows }: RowBatch): ImportRow[] =>
  rows.map(({ number, cells }) => ({ number, cells: cells.map((cell) => texts[cell]!) }));

/** The reader thread to the planner thread. */
export type FromReader =
  | { kind: 'header'; columns: MappedColumns }
  | { kind: 'rows'; batch: RowBatch }
  | { kind: 'end'; contentHash: string }
  | { kind: 'failed'; answer: ImportFailure };

/** The planner thread to the reader: a batch of rows was planned (the reader may send another). */
export type ToReader = { kind: 'ack' };

/** The planner thread to the server. */
export type ToServer =
  /** The full fields of these leads (by id), to plan the rows matched with them. */
  | { kind: 'leads'; request: number; ids: number[] }
  /** run: rows to write (a JSON array of new leads or of changes). */
  | { kind: 'chunk'; of: 'create' | 'update'; json: string }
  | { kind: 'answer'; answer: ImportTaskAnswer };

/** The server to the planner thread. */
export type ToPlanner =
  /** The live leads, a page at a time from the start, then their end. */
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
  /** The rows that are not valid, the first ones (run: the 422's list). */
  errors: ImportRowOutcome[];
  /** SHA-256 of the file's bytes. */
  contentHash: string;
  /** run: the fields the updates change. */
  changedFields: ImportedField[];
}

/** Errors cross the threads as data: their class decides the answer. */
export type ImportFailure =
  | { ok: false; kind: 'limit'; limit: keyof ImportLimits; message: string }
  | { ok: false; kind: 'problem'; status: number; message: string; extras: Record<string, unknown> }
  | { ok: false; kind: 'other'; message: string };

export type ImportTaskAnswer = { ok: true; summary: PlanSummary } | ImportFailure;

export function failureOf(error: unknown): ImportFailure {
  if (error instanceof ImportLimitError)
    return { ok: false, kind: 'limit', limit: error.limit, message: error.message };
  if (error instanceof HttpProblem)
    return {
      ok: false,
      kind: 'problem',
      status: error.statusCode,
      message: error.detail,
      extras: error.extras,
    };
  return { ok: false, kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

export const secondsOf = ({ seconds }: ImportLimits) =>
  `${seconds.toLocaleString('en-US')} second${seconds === 1 ? '' : 's'}`;

/** The time budget as a check: throws once it is spent. */
export function budgetCheck({ limits, deadline }: Budget): () => void {
  return () => {
    if (Date.now() > deadline)
      throw new ImportLimitError(
        'seconds',
        `Reading and checking the file took longer than ${secondsOf(limits)}.`,
      );
  };
}
