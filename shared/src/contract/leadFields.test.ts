import { BULK_FIELDS } from './bulkFields';
import { LEAD_COLUMNS } from './leadColumns';
import {
  EDITABLE_LEAD_FIELDS,
  IMPORT_FIELDS,
  LEAD_FIELD_LABELS,
  LEAD_FIELDS,
  leadFieldRow,
  LINE_FIELDS,
  OFFICE_VALUE_FIELDS,
  SYNCED_LEAD_FIELDS,
  type LeadField,
  type LeadFieldRow,
} from './leadFields';
import { leadCreate, leadResource } from './leads';

const rows = LEAD_FIELDS.map((field) => [field, leadFieldRow(field)] as const);
const where = (test: (row: LeadFieldRow) => unknown) =>
  rows.filter(([, row]) => test(row)).map(([field]) => field);
const normalized = (name: string) => name.toLowerCase().replace(/[\s\-_]/g, '');
/** Names given to more than one field. */
function repeated(namesOf: (field: LeadField, row: LeadFieldRow) => readonly string[]): string[] {
  const owner = new Map<string, LeadField>();
  const clashes: string[] = [];
  for (const [field, row] of rows)
    for (const name of new Set(namesOf(field, row).map(normalized))) {
      const other = owner.get(name);
      if (other && other !== field) clashes.push(`${name}: ${other}, ${field}`);
      owner.set(name, field);
    }
  return clashes;
}

describe('the lead field table', () => {
  it('gives each row only the parts its kind and flags can use', () => {
    expect(where((row) => (row.text !== undefined) !== ['text', 'link'].includes(row.kind))).toEqual([]);
    expect(where((row) => (row.required || row.choices) && row.kind !== 'text')).toEqual([]);
    expect(where((row) => row.officeValue && !(row.synced && row.editable))).toEqual([]);
    expect(where((row) => (row.bulk || row.merge || row.required) && !row.editable)).toEqual([]);
    expect(where((row) => row.import && !row.editable && row.kind !== 'key')).toEqual([]);
    expect(where((row) => row.editable && !row.import)).toEqual([]);
    expect(where((row) => row.calendar && !(row.synced && ['text', 'email'].includes(row.kind)))).toEqual([]);
    expect(where((row) => row.sheet && !row.synced)).toEqual([]);
    // the flag chooses the sheet; every other synced field is a column of it
    expect(where((row) => row.synced && !row.sheet)).toEqual(['isFormatted']);
  });

  it('names each field apart: labels, column ids, sheet columns, import headers, calendar keys', () => {
    expect(repeated((_, row) => [row.label])).toEqual([]);
    expect(repeated((field, row) => (row.column ? [row.column.id ?? field] : []))).toEqual([]);
    expect(repeated((_, row) => (row.sheet ? [row.sheet] : []))).toEqual([]);
    expect(
      repeated((field, row) => (row.import ? [field, row.label, ...(row.import.aliases ?? [])] : [])),
    ).toEqual([]);
    expect(
      repeated((_, row) => (row.calendar ? [row.calendar.line, ...(row.calendar.aliases ?? [])] : [])),
    ).toEqual([]);
  });

  it('keeps the content hash and the sheets in the order they were stored in, a new field after them', () => {
    expect(SYNCED_LEAD_FIELDS.slice(0, 18)).toEqual([
      'leadId',
      'customerName',
      'address',
      'scheduledDate',
      'endDate',
      'week',
      'auditor',
      'houseType',
      'status',
      'phoneNumber',
      'email',
      'heatingFuel',
      'provider',
      'referredBy',
      'scheduledBy',
      'linkId',
      'comments',
      'isFormatted',
    ]);
    expect(new Set(SYNCED_LEAD_FIELDS)).toEqual(new Set(where((row) => row.synced)));
  });

  it('derives the lists the screens and the server read', () => {
    expect(OFFICE_VALUE_FIELDS).toEqual(EDITABLE_LEAD_FIELDS);
    expect(IMPORT_FIELDS).toEqual(['leadId', ...EDITABLE_LEAD_FIELDS]);
    expect(LINE_FIELDS).toEqual(where((row) => row.calendar));
    expect(BULK_FIELDS).toEqual(['status', 'auditor', 'scheduledBy', 'referredBy']);
    expect(LEAD_COLUMNS.map((column) => [column.id, column.header, column.width])).toContainEqual([
      'weekView',
      'Week View',
      148,
    ]);
    expect(LEAD_FIELD_LABELS.scheduledBy).toBe('Scheduled By');
  });

  it('answers every field of a lead and gives a new lead each default', () => {
    expect(Object.keys(leadResource.shape)).toEqual(expect.arrayContaining([...LEAD_FIELDS]));
    const created = leadCreate.parse({ customerName: 'Jane Doe' });
    expect(Object.keys(created)).toEqual(EDITABLE_LEAD_FIELDS);
    expect(created).toMatchObject({
      customerName: 'Jane Doe',
      address: '',
      email: '',
      phoneNumber: '',
      auditor: '',
      houseType: '',
      heatingFuel: '',
      provider: '',
      referredBy: '',
      scheduledBy: '',
      status: 'New',
      scheduledDate: null,
      endDate: null,
      linkId: '',
      comments: '',
    });
    expect(leadCreate.safeParse({}).error?.issues[0]?.path).toEqual(['customerName']);
    expect(leadCreate.safeParse({ customerName: 'J', scheduledBy: 'x'.repeat(121) }).error?.issues).toEqual([
      expect.objectContaining({ path: ['scheduledBy'], message: 'Use at most 120 characters.' }),
    ]);
  });
});
