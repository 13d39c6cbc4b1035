import {
  IMPORT_PREVIEW_ROWS,
  importMapping,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRowOutcome,
  type ImportTotals,
} from '@auditdesk/shared/core';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import type { Database } from '../../../platform/db/database';
import { createDataVersions } from '../../../platform/db/dataVersions';
import { HttpProblem } from '../../../platform/errors/httpProblem';
import { readExistingLeads } from './existingLeads';
import { unprocessable } from './importProblems';
import { planImport, type PlannedRow } from './planImport';
import { proposeMapping } from './proposeMapping';
import { readImportFile } from './readImportFile';
import { createImportWriter } from './writeImport';

export interface ImportUpload {
  fileName: string;
  file: Buffer;
  /** The person's mapping; without it the header's proposal. */
  mapping?: ImportMapping;
}

function totalsOf(rows: PlannedRow[]): ImportTotals {
  const totals: ImportTotals = { rows: rows.length, create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) totals[row.outcome] += 1;
  return totals;
}

const outcomeOf = (row: PlannedRow): ImportRowOutcome => ({
  row: row.number,
  outcome: row.outcome,
  customerName: row.customerName,
  leadId: row.outcome === 'create' ? null : row.leadId,
  fields: row.outcome === 'update' ? (Object.keys(row.changes) as ImportRowOutcome['fields']) : [],
  reason: row.outcome === 'error' ? row.reason : null,
});

/** The rows a preview lists: the errors first (they need acting on), then the rest, in file order. */
function listed(rows: PlannedRow[]): ImportRowOutcome[] {
  const errors = rows.filter((row) => row.outcome === 'error');
  const others = rows.filter((row) => row.outcome !== 'error');
  return [...errors, ...others].slice(0, IMPORT_PREVIEW_ROWS).map(outcomeOf);
}

/** A file name as a label shows it: no control characters, at most 200 characters. */
const fileNameShown = (fileName: string) =>
  // eslint-disable-next-line no-control-regex -- taking control characters out is the point
  fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);

/**
 * Importing leads from a .csv or .xlsx file: its header read, its columns mapped, every
 * row planned against the leads (preview), then written all or nothing (import).
 */
export function createLeadImport(
  db: Database,
  options: { auditors: readonly string[]; timeZone: string; writeRequests?: EditWriteRequests | null },
) {
  const writer = createImportWriter(db, createDataVersions(db), options.writeRequests ?? null);

  async function plan(upload: ImportUpload) {
    const table = await readImportFile(upload.fileName, upload.file);
    const mapping = upload.mapping ?? proposeMapping(table.header);
    if (upload.mapping && upload.mapping.length !== table.header.length)
      throw unprocessable(
        `The mapping names ${upload.mapping.length} columns but the file has ${table.header.length}. Preview the file again.`,
      );
    if (!upload.mapping && mapping.every((field) => field === null))
      throw unprocessable(
        'The first row names no column this import knows (Customer Name, Lead ID, Scheduled Date…). The first row of the file must be its header.',
      );
    const leadIdColumn = mapping.indexOf('leadId');
    const leadIds =
      leadIdColumn === -1
        ? []
        : table.rows.map((row) => (row.cells[leadIdColumn] ?? '').trim()).filter(Boolean);
    const rows = planImport(table, mapping, { ...options, existing: await readExistingLeads(db, leadIds) });
    return { table, mapping, rows };
  }

  return {
    async preview(upload: ImportUpload): Promise<ImportPreview> {
      const { table, mapping, rows } = await plan(upload);
      return {
        fileName: fileNameShown(upload.fileName),
        header: table.header,
        mapping,
        totals: totalsOf(rows),
        rows: listed(rows),
      };
    },

    /** Writes the valid rows, all or nothing; with invalid rows only when `acceptInvalid`. */
    async run(upload: ImportUpload, acceptInvalid: boolean, userId: number | null): Promise<ImportResult> {
      const { rows } = await plan(upload);
      const totals = totalsOf(rows);
      if (totals.error > 0 && !acceptInvalid)
        throw new HttpProblem(
          422,
          `${totals.error} of the ${totals.rows} rows are not valid, so nothing was imported. Fix them, or import the ${totals.rows - totals.error} valid rows.`,
          { totals, rows: listed(rows.filter((row) => row.outcome === 'error')) },
        );
      const written = await writer.write(rows, `import ${fileNameShown(upload.fileName)}`, userId);
      return {
        actionId: written.actionId,
        created: written.created,
        updated: written.updated,
        unchanged: totals.unchanged,
        skipped: totals.error,
      };
    },
  };
}

export type LeadImport = ReturnType<typeof createLeadImport>;

/** The person's mapping from its multipart field (JSON text), checked against the contract. */
export function parseMappingField(text: string): ImportMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpProblem(400, 'The mapping is not valid JSON.');
  }
  const parsed = importMapping.safeParse(value);
  if (!parsed.success)
    throw new HttpProblem(
      400,
      `The mapping is not valid: ${parsed.error.issues[0]?.message ?? 'unknown error'}`,
    );
  return parsed.data;
}
