import {
  IMPORT_FIELDS,
  LEAD_COLUMN_IDS,
  LEAD_FIELDS,
  leadFieldRow,
  leadResource,
  LINE_FIELDS,
  SYNCED_LEAD_FIELDS,
  type LeadField,
  type LeadFieldKind,
} from '@auditdesk/shared/core';
import { getTableColumns } from 'drizzle-orm';
import { proposeMapping } from '../../src/features/leads/import/proposeMapping';
import { parseEvent } from '../../src/features/calendar/eventFormat/parseEvent';
import { HEADER } from '../../src/features/sync/spreadsheet/sheetLayout';
import {
  descriptionAfter,
  eventEditOf,
  WRITABLE_FIELDS,
} from '../../src/features/calendar/eventFormat/eventEdit';
import { leads } from '../../src/platform/db/schema';

// The lead is declared once, in the field table (shared/src/contract/leadFields.ts). The
// server's types derive from it and fail to compile when a field is missing; these checks
// cover what a compiler cannot see: the database's columns (written by hand in schema.ts), and
// that the derived sheet, calendar lines and import headers do what the table says.
const CONTRACT_FIELDS = Object.keys(leadResource.shape);

/** Contract fields the leads table does not show as a column of their own, and why. */
const NOT_TABLE_COLUMNS: Record<string, string> = {
  id: 'the database id; the table shows the Lead ID',
  source: 'calendar or manual, shown by the row itself',
  isFormatted: 'the Hide Unformatted switch',
  email: 'on the lead form, not a column in the spec',
  week: 'shown as Week View',
  allDay: 'shown in the Scheduled Date: a day says All day',
  createdAt: 'bookkeeping',
  updatedAt: 'bookkeeping',
  needsReview: 'the mark before the name and its filter',
  version: 'the ETag of edits',
  mergedLeadIds: 'found by the Lead ID filter and the search, not shown',
};

/** Contract fields that are no column of the leads table in the database, and what they are read from. */
const NOT_DATABASE_COLUMNS: Record<string, string> = {
  mergedLeadIds: 'the Lead IDs of the leads merged into it (their merged_into), read with the list',
};

/** What the checks read of a Drizzle column. */
interface DatabaseColumn {
  dataType: string;
  notNull: boolean;
  default?: unknown;
}

/** What a field of each kind needs of its database column. */
const COLUMN_OF_KIND: Record<LeadFieldKind, { dataType: string; notNull: boolean; default?: unknown }> = {
  key: { dataType: 'string', notNull: true },
  text: { dataType: 'string', notNull: true, default: '' },
  email: { dataType: 'string', notNull: true, default: '' },
  link: { dataType: 'string', notNull: true, default: '' },
  date: { dataType: 'string', notNull: false },
  week: { dataType: 'number', notNull: false },
  flag: { dataType: 'boolean', notNull: true },
  stamp: { dataType: 'string', notNull: false },
};

/** Where the field table and the database's columns disagree, one line each. */
function disagreements(
  fields: readonly { field: string; kind: LeadFieldKind }[],
  columns: Record<string, DatabaseColumn>,
): string[] {
  return fields.flatMap(({ field, kind }) => {
    const column = columns[field];
    if (!column) return [`${field}: no column in schema.ts`];
    const wanted = COLUMN_OF_KIND[kind];
    const problems = [
      column.dataType !== wanted.dataType && `holds ${column.dataType}, not ${wanted.dataType}`,
      column.notNull !== wanted.notNull && (wanted.notNull ? 'may be null' : 'may not be null'),
      'default' in wanted && column.default !== wanted.default && `its default is not ''`,
    ].filter(Boolean);
    return problems.map((problem) => `${field}: ${problem}`);
  });
}

const TABLE_FIELDS = LEAD_FIELDS.map((field) => ({ field, kind: leadFieldRow(field).kind }));
const AUDITORS = ['Sam Rivera', 'Alex Chen'];

/** A value each line field keeps as it is read (a known choice is already normalized). */
const sampleValue = (field: LeadField) =>
  field === 'auditor'
    ? AUDITORS[0]!
    : field === 'status'
      ? 'Completed'
      : field === 'email'
        ? 'jane@example.com'
        : (leadFieldRow(field).choices?.[0] ?? `${field} value`);

const event = (description: string) => ({
  leadId: 'uid-1',
  summary: 'Jane Doe',
  description,
  url: '',
  location: '',
  start: new Date('2025-03-04T14:00:00.000Z'),
  end: null,
  allDay: false,
  cancelled: false,
});

describe('a lead field declared in the field table', () => {
  it('is a column of the leads table in the database, of its kind', () => {
    expect(disagreements(TABLE_FIELDS, getTableColumns(leads))).toEqual([]);
    const columns = Object.keys(getTableColumns(leads));
    expect(
      CONTRACT_FIELDS.filter((field) => !columns.includes(field) && !(field in NOT_DATABASE_COLUMNS)),
    ).toEqual([]);
  });

  it('is in the spreadsheet when the calendar fills it in, under its sheet column, in the synced order', () => {
    const sheet = SYNCED_LEAD_FIELDS.flatMap((field) => leadFieldRow(field).sheet ?? []);
    expect(HEADER).toEqual([...sheet, 'lastSyncedAt']);
    const synced = SYNCED_LEAD_FIELDS.filter((field) => field !== 'isFormatted').map((field) =>
      field === 'week' ? 'weekView' : field,
    );
    expect(synced.filter((field) => !HEADER.includes(field))).toEqual([]);
  });

  it('is a column of the leads screen unless it says why not', () => {
    const shown = new Set<string>(LEAD_COLUMN_IDS);
    expect(CONTRACT_FIELDS.filter((field) => !shown.has(field) && !(field in NOT_TABLE_COLUMNS))).toEqual([]);
    expect(Object.keys(NOT_TABLE_COLUMNS).filter((field) => !CONTRACT_FIELDS.includes(field))).toEqual([]);
  });

  it('is read from its DESCRIPTION line by its key and every alias, and written back under its key', () => {
    for (const field of LINE_FIELDS) {
      const { line, aliases = [] } = leadFieldRow(field).calendar!;
      const value = sampleValue(field);
      for (const key of [line, ...aliases])
        expect([key, parseEvent(event(`${key}: ${value}`), AUDITORS)[field]]).toEqual([key, value]);
      expect(WRITABLE_FIELDS).toContain(field);
      const written = descriptionAfter('Gate code 12', eventEditOf({ [field]: value }));
      expect(written).toBe(`Gate code 12\n${line}: ${value}`);
    }
  });

  it('is proposed for a file column named by its name, its label or an alias', () => {
    for (const field of IMPORT_FIELDS) {
      const { label, import: imported } = leadFieldRow(field);
      const names = [field, label, ...(imported?.aliases ?? [])];
      expect(proposeMapping(names.map((name) => name.toUpperCase()))).toEqual([
        field,
        ...names.slice(1).map(() => null),
      ]);
      for (const name of names) expect(proposeMapping([name])).toEqual([field]);
    }
  });

  it('fails these checks when a field is added to the table alone', () => {
    const withNewField = [...TABLE_FIELDS, { field: 'gasMeterNumber', kind: 'text' as const }];
    expect(disagreements(withNewField, getTableColumns(leads))).toEqual([
      'gasMeterNumber: no column in schema.ts',
    ]);
    const columns = getTableColumns(leads);
    // a date column declared as text, a text column that allows null
    expect(
      disagreements(
        [
          { field: 'scheduledDate', kind: 'text' },
          { field: 'address', kind: 'date' },
        ],
        columns,
      ),
    ).toEqual([
      'scheduledDate: may be null',
      "scheduledDate: its default is not ''",
      'address: may not be null',
    ]);
    expect(
      [...CONTRACT_FIELDS, 'gasMeterNumber'].filter(
        (field) => !LEAD_COLUMN_IDS.includes(field as never) && !(field in NOT_TABLE_COLUMNS),
      ),
    ).toEqual(['gasMeterNumber']);
  });
});
