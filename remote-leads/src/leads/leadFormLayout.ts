import { EDITABLE_LEAD_FIELDS, leadFieldRow, type EditableLeadField } from '@auditdesk/shared';

/**
 * Where the lead form puts each editable field: two columns of short inputs, then the long
 * ones across the form. A field not named here (added to the field table since) follows in
 * the grid, or across when it is multiline.
 */
const GRID: readonly EditableLeadField[] = [
  'customerName',
  'status',
  'scheduledDate',
  'endDate',
  'auditor',
  'houseType',
  'phoneNumber',
  'email',
  'heatingFuel',
  'provider',
  'referredBy',
  'scheduledBy',
];
const ACROSS: readonly EditableLeadField[] = ['address', 'comments'];
/** The calendar's link is kept as the event has it: the form does not offer it. */
const NOT_ON_FORM: readonly EditableLeadField[] = ['linkId'];

const placed = new Set([...GRID, ...ACROSS, ...NOT_ON_FORM]);
const others = EDITABLE_LEAD_FIELDS.filter((field) => !placed.has(field));
const multiline = (field: EditableLeadField) => leadFieldRow(field).text?.multiline === true;

export const LEAD_FORM_LAYOUT = {
  grid: [...GRID, ...others.filter((field) => !multiline(field))],
  across: [...ACROSS, ...others.filter(multiline)],
};
