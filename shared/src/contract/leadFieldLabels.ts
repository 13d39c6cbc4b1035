import type { LeadEditableFields } from './leads';

/** Each editable field as the form, the lead's history and an action's label name it. */
export const LEAD_FIELD_LABELS: Record<keyof LeadEditableFields, string> = {
  customerName: 'Customer Name',
  address: 'Address',
  email: 'Email',
  phoneNumber: 'Phone Number',
  auditor: 'Auditor',
  houseType: 'House Type',
  heatingFuel: 'Heating Fuel',
  provider: 'Provider',
  referredBy: 'Referred by',
  scheduledBy: 'Scheduled By',
  status: 'Status',
  scheduledDate: 'Scheduled Date',
  endDate: 'End Time',
  linkId: 'Link ID',
  comments: 'Comments',
};
