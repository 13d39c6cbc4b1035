import { LEAD_COLUMN_IDS, leadResource, SYNCED_LEAD_FIELDS } from '@auditdesk/shared/core';
import { getTableColumns } from 'drizzle-orm';
import { leads } from '../../src/platform/db/schema';
import { HEADER } from '../../src/features/sync/spreadsheet/sheetLayout';

// The lead is declared once, in the contract (shared/src/contract/leads.ts). The server's types
// derive from it and fail to compile when a field is missing; these checks cover the lists a
// compiler cannot see: the database's columns, the spreadsheet's header, the table's columns.
const CONTRACT_FIELDS = Object.keys(leadResource.shape);

/** Contract fields the leads table does not show as a column of their own, and why. */
const NOT_TABLE_COLUMNS: Record<string, string> = {
  id: 'the database id; the table shows the Lead ID',
  source: 'calendar or manual, shown by the row itself',
  isFormatted: 'the Hide Unformatted switch',
  email: 'on the lead form, not a column in the spec',
  week: 'shown as Week View',
  createdAt: 'bookkeeping',
  updatedAt: 'bookkeeping',
  needsReview: 'the mark before the name and its filter',
  version: 'the ETag of edits',
};

describe('a lead field declared in the contract', () => {
  it('is a column of the leads table in the database', () => {
    const columns = Object.keys(getTableColumns(leads));
    expect(CONTRACT_FIELDS.filter((field) => !columns.includes(field))).toEqual([]);
  });

  it('is in the spreadsheet when the calendar fills it in (the week as its label)', () => {
    const sheet = SYNCED_LEAD_FIELDS.filter((field) => field !== 'isFormatted').map((field) =>
      field === 'week' ? 'weekView' : field,
    );
    expect(sheet.filter((field) => !(HEADER as readonly string[]).includes(field))).toEqual([]);
  });

  it('is a column of the leads screen unless it says why not', () => {
    const shown = new Set<string>(LEAD_COLUMN_IDS);
    expect(CONTRACT_FIELDS.filter((field) => !shown.has(field) && !(field in NOT_TABLE_COLUMNS))).toEqual([]);
    expect(Object.keys(NOT_TABLE_COLUMNS).filter((field) => !CONTRACT_FIELDS.includes(field))).toEqual([]);
  });

  it('fails these checks when a field is added to the contract alone', () => {
    const withNewField = [...CONTRACT_FIELDS, 'gasMeterNumber'];
    const columns = Object.keys(getTableColumns(leads));
    expect(withNewField.filter((field) => !columns.includes(field))).toEqual(['gasMeterNumber']);
    expect(
      withNewField.filter(
        (field) => !LEAD_COLUMN_IDS.includes(field as never) && !(field in NOT_TABLE_COLUMNS),
      ),
    ).toEqual(['gasMeterNumber']);
  });
});
