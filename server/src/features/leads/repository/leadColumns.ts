import { leadResource, type LeadResource } from '@auditdesk/shared/core';
import { getTableColumns } from 'drizzle-orm';
import { leads } from '../../../platform/db/schema';

type LeadTableColumns = ReturnType<typeof getTableColumns<typeof leads>>;
const tableColumns = getTableColumns(leads);

/** What the list adds from other rows (leadReads.ts), not a column of the lead's own. */
const JOINED = ['mergedLeadIds'] as const;
type StoredField = Exclude<keyof LeadResource, (typeof JOINED)[number]>;

/**
 * The columns a lead is read from as the API's lead resource: each of the contract's fields
 * by the same name (the compiler fails here when the contract gains a field the table lacks).
 */
export const leadResourceColumns = Object.fromEntries(
  (Object.keys(leadResource.shape) as (keyof LeadResource)[])
    .filter((field): field is StoredField => !(JOINED as readonly string[]).includes(field))
    .map((field) => [field, tableColumns[field]]),
) as { [Field in StoredField]: LeadTableColumns[Field] };
