import type { LeadFormValues } from './leadsApi';

/** Each editable field as the form and the lead's history name it. */
export const LEAD_FIELD_LABELS: Record<keyof LeadFormValues, string> = {
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
