import {
  importDuplicateChoices,
  importMapping,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '@auditdesk/shared/core';
import type { z } from 'zod';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import type { ImportLimits } from '../../../platform/config/importLimits';
import type { Database } from '../../../platform/db/database';
import { createDataVersions } from '../../../platform/db/dataVersions';
import { HttpProblem } from '../../../platform/errors/httpProblem';
import { HISTORY_FIELDS } from '../history/historyStatements';
import { createImportReads } from './importReads';
import { DEFAULT_CHOICES, type DuplicateChoices } from './importMatches';
import { createImportThreads } from './offThread/importThreads';
import type { PlanSummary } from './offThread/threadMessages';
import type { ImportedField } from './planImport';
import { createImportWriter, type ImportDraft } from './writeImport';

export interface ImportUpload {
  fileName: string;
  /** The file's bytes: moved to the import thread (the buffer is empty afterwards). */
  file: Buffer;
  /** The person's mapping; without it the header's proposal. */
  mapping?: ImportMapping;
  /** What to do with rows that look like existing leads; without it, update the likeliest. */
  duplicates?: DuplicateChoices;
}

/** A file name as a label shows it: no control characters, at most 200 characters. */
const fileNameShown = (fileName: string) =>
  // eslint-disable-next-line no-control-regex -- taking control characters out is the point
  fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);

/**
 * Importing leads from a .csv or .xlsx file: its header read, its columns mapped, every row
 * matched with the leads and planned (preview), then written all or nothing (import). The
 * file is read and planned on the import thread (offThread/importThreads.ts), within the
 * limits of IMPORT_MAX_*; the server answers its questions (the live leads, the fields of the
 * leads its rows go to) and, for an import, stages the rows it sends while it reads on.
 */
export function createLeadImport(
  db: Database,
  options: {
    auditors: readonly string[];
    timeZone: string;
    limits: ImportLimits;
    writeRequests?: EditWriteRequests | null;
  },
) {
  const writer = createImportWriter(db, createDataVersions(db), options.writeRequests ?? null);
  const reads = createImportReads(db);
  const threads = createImportThreads(options.limits);

  const plan = (upload: ImportUpload, mode: 'preview' | 'run', acceptInvalid: boolean, draft?: ImportDraft) =>
    threads.plan(
      {
        fileName: upload.fileName,
        file: upload.file,
        mapping: upload.mapping ?? null,
        choices: upload.duplicates ?? DEFAULT_CHOICES,
        auditors: options.auditors,
        timeZone: options.timeZone,
        mode,
        acceptInvalid,
      },
      {
        liveLeads: reads.liveLeads,
        leadsByIds: reads.leadsByIds,
        ...(draft ? { chunk: (of: 'create' | 'update', json: string) => draft.take(of, json) } : {}),
      },
    );

  /** The one place an import is written (a hook that must run before every import goes here). */
  async function commit(draft: ImportDraft, summary: PlanSummary, label: string, userId: number | null) {
    return writer.commit(draft, {
      fields: HISTORY_FIELDS.filter((field): field is ImportedField =>
        summary.changedFields.includes(field as ImportedField),
      ),
      creates: summary.totals.create,
      updates: summary.totals.update,
      label,
      userId,
      contentHash: summary.contentHash,
    });
  }

  return {
    async preview(upload: ImportUpload): Promise<ImportPreview> {
      const summary = await plan(upload, 'preview', false);
      return {
        fileName: fileNameShown(upload.fileName),
        header: summary.header,
        mapping: summary.mapping,
        totals: summary.totals,
        rows: summary.rows,
        alreadyImported: await reads.importOf(summary.contentHash),
      };
    },

    /** Writes the valid rows, all or nothing; with invalid rows only when `acceptInvalid`. */
    async run(upload: ImportUpload, acceptInvalid: boolean, userId: number | null): Promise<ImportResult> {
      const draft = writer.begin();
      let written = false;
      try {
        const summary = await plan(upload, 'run', acceptInvalid, draft);
        const { totals } = summary;
        if (totals.error > 0 && !acceptInvalid)
          throw new HttpProblem(
            422,
            `${totals.error} of the ${totals.rows} rows are not valid, so nothing was imported. Fix them, or import the ${totals.rows - totals.error} valid rows.`,
            { totals, rows: summary.errors },
          );
        const result = await commit(draft, summary, `import ${fileNameShown(upload.fileName)}`, userId);
        written = true;
        return {
          actionId: result.actionId,
          created: result.created,
          updated: result.updated,
          unchanged: totals.unchanged,
          skipped: totals.error,
        };
      } finally {
        // a refused or failed import leaves nothing staged (a commit removes its own)
        if (!written) await draft.discard().catch(() => undefined);
      }
    },

    /** An import's live leads (the leads screen's import filter); null if there is no such import. */
    importedLeads: (actionId: number) => reads.importedLeads(actionId),

    /** Removes staged imports a crash left (at start). */
    sweep: () => writer.sweep(),
  };
}

export type LeadImport = ReturnType<typeof createLeadImport>;

/** A multipart field's JSON text, checked against its schema (400 naming the field otherwise). */
function parseJsonField<T extends z.ZodType>(name: string, schema: T, text: string): z.output<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpProblem(400, `The ${name} is not valid JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new HttpProblem(
      400,
      `The ${name} is not valid: ${parsed.error.issues[0]?.message ?? 'unknown error'}`,
    );
  return parsed.data;
}

/** The person's mapping from its multipart field (JSON text), checked against the contract. */
export const parseMappingField = (text: string): ImportMapping =>
  parseJsonField('mapping', importMapping, text);

/** The person's choices for rows that look like existing leads (multipart field `duplicates`). */
export const parseDuplicatesField = (text: string): DuplicateChoices =>
  parseJsonField('duplicates choice', importDuplicateChoices, text);
