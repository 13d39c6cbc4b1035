/** What a person edits on a lead: the body of POST and PUT /api/leads. */
export interface LeadEditableFields {
  customerName: string;
  email: string;
  phoneNumber: string;
  auditor: string;
  houseType: string;
  heatingFuel: string;
  provider: string;
  referredBy: string;
  scheduledBy: string;
  status: string;
  /** ISO 8601 in UTC, or none */
  scheduledDate: string | null;
  comments: string;
}

/** A lead as GET /api/leads answers it (the server's view; the leads screen reads it). */
export interface LeadResource extends LeadEditableFields {
  id: number;
  leadId: string;
  source: 'calendar' | 'manual';
  isFormatted: boolean;
  weekView: string;
  linkId: string;
  lastSyncedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
