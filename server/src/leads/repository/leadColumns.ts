import { leads } from '../../db/schema';

/** The columns a lead is read from as the API's lead resource: the one list of them. */
export const leadResourceColumns = {
  id: leads.id,
  leadId: leads.leadId,
  source: leads.source,
  isFormatted: leads.isFormatted,
  customerName: leads.customerName,
  address: leads.address,
  email: leads.email,
  phoneNumber: leads.phoneNumber,
  auditor: leads.auditor,
  houseType: leads.houseType,
  heatingFuel: leads.heatingFuel,
  provider: leads.provider,
  referredBy: leads.referredBy,
  scheduledBy: leads.scheduledBy,
  status: leads.status,
  scheduledDate: leads.scheduledDate,
  endDate: leads.endDate,
  week: leads.week,
  linkId: leads.linkId,
  comments: leads.comments,
  lastSyncedAt: leads.lastSyncedAt,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  version: leads.version,
};
