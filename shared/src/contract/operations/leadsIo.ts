import { z } from 'zod';
import { idParams, noContent } from '../common';
import { duplicateDismissal, duplicateDismissalQuery, possibleDuplicates } from '../duplicates';
import { leadActionResult, leadsBulkRequest } from '../leadActions';
import { leadMergeResult, leadsMergeRequest } from '../leadMerge';
import { leadHistoryPage, leadHistoryQuery, leadsChangedByRun } from '../leadHistory';
import { importedLeads, importPreview, importResult } from '../leadImport';
import { IMPORT_MAX_ROWS } from '../leadImportVocabulary';
import {
  leadCreate,
  leadDetail,
  leadPatch,
  leadReplace,
  leadResource,
  leadsQuery,
  leadsSummary,
  officeValueParams,
  reviewChoice,
} from '../leads';
import { gridQuery, gridRecord } from '../scheduling';
import { taggedIo, type IoTable } from './operation';
import type { leadsOperations } from './leadsOperations';

const leadList = z.array(leadResource);
const ifMatchHeader = z.object({
  'if-match': z.string().max(100).optional().describe('The ETag of the lead as you read it'),
});
const IF_MATCH =
  'With If-Match, a lead changed since it was read answers 412 with the `current` lead and nothing is written.';

const IMPORT_FORM = `Send multipart/form-data: \`file\` (a .csv or .xlsx file, at most IMPORT_MAX_BYTES),
optionally \`mapping\` (JSON: per column of the file, the lead field it goes to, or null) and
\`duplicates\` (JSON: for rows that look like an existing lead, \`all\` "update" or "new", and per row
number the Lead ID to update or "new"). A file over one of the IMPORT_MAX_* limits is refused with
422 naming the limit (\`limit\`) and its setting (\`setting\`)`;

type LeadsIo = IoTable<typeof leadsOperations>;

const leadsIoOfLeads = taggedIo('Leads', {
  leadsList: {
    summary: 'The leads, newest first (formatted only by default)',
    description: 'Sends an ETag per data version; If-None-Match answers 304.',
    query: leadsQuery,
    response: { 200: leadList },
  },
  leadsUnformatted: {
    summary: 'The calendar leads that are not formatted',
    response: { 200: leadList },
  },
  leadsSummary: {
    summary: 'Counts by status, auditor and month',
    response: { 200: leadsSummary },
  },
  leadsGet: {
    summary: 'One lead, with its ETag, its office values beside the calendar’s, and whether it needs review',
    description:
      '`officeValues`: each edited field’s office and calendar value, who and when, and whether they are in conflict; `calendarDeletedAt`; `needsReview`. A lead merged into another answers that lead. 404 if there is no such lead.',
    params: idParams,
    response: { 200: leadDetail },
  },
  leadsHistory: {
    summary: 'The lead’s changes, field by field, newest first (who or which sync run, when)',
    params: idParams,
    query: leadHistoryQuery,
    response: { 200: leadHistoryPage },
  },
  leadsChangedByRun: {
    summary: 'The live leads a sync run created or changed (its history row links to them)',
    params: idParams,
    response: { 200: leadsChangedByRun },
  },
  leadsCreate: {
    summary: 'Create a manual lead (Admin, Manager)',
    body: leadCreate,
    response: { 201: leadResource },
  },
  leadsUpdate: {
    summary: 'Change the named fields of a lead (Admin, Manager)',
    description: IF_MATCH,
    params: idParams,
    headers: ifMatchHeader,
    body: leadPatch,
    response: { 200: leadResource },
  },
  leadsReplace: {
    summary: 'Replace a lead: every editable field is required (Admin, Manager)',
    description: IF_MATCH,
    params: idParams,
    headers: ifMatchHeader,
    body: leadReplace,
    response: { 200: leadResource },
  },
  leadsDelete: {
    summary: 'Delete a lead (soft; Admin, Manager)',
    description: IF_MATCH,
    params: idParams,
    headers: ifMatchHeader,
    response: { 204: noContent },
  },
  leadsResolveOfficeValue: {
    summary:
      'Keep the office’s value of a field in conflict, or use the calendar’s value of an edited field (Admin, Manager)',
    description: `${IF_MATCH} 409 when there is nothing to decide.`,
    params: officeValueParams,
    headers: ifMatchHeader,
    body: reviewChoice,
    response: { 200: leadDetail },
  },
  leadsResolveCalendarDeletion: {
    summary:
      'A lead whose event the calendar deleted while it held office values: keep it as a manual lead, or delete it (Admin, Manager)',
    description: `${IF_MATCH} 409 when there is nothing to decide.`,
    params: idParams,
    headers: ifMatchHeader,
    body: reviewChoice,
    response: { 200: leadDetail },
  },
  leadsRestore: {
    summary: 'Restore a lead deleted here (Admin, Manager)',
    params: idParams,
    response: { 200: leadDetail },
  },
  leadsImportPreview: {
    summary: 'What importing a .csv or .xlsx file would do, row by row; nothing is written (Admin, Manager)',
    description: `${IMPORT_FORM}. Answers the header, the mapping (the one sent, or one proposed from the header), the totals of every row and at most 1,000 rows' outcomes (errors first, then the rows that look like existing leads, with those leads), for up to ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, and the earlier import of the same file if there was one.`,
    consumes: ['multipart/form-data'],
    response: { 200: importPreview },
  },
  leadsImport: {
    summary: 'Import a .csv or .xlsx file: new leads and changed fields, all or nothing (Admin, Manager)',
    description: `${IMPORT_FORM} and \`acceptInvalid\` (\`true\`: write the valid rows when some are not). With invalid rows and without it, nothing is written (422, with the errors). The answer's \`actionId\` is undone by POST /lead-actions/{id}/undo, and names the leads of GET /leads/import/{id}/leads.`,
    consumes: ['multipart/form-data'],
    response: { 200: importResult },
  },
  leadsImported: {
    summary:
      'The live leads an import created or changed, by its action id (the leads screen’s import filter)',
    params: idParams,
    response: { 200: importedLeads },
  },
  leadsBulk: {
    summary:
      'Change or delete many leads at once, all or nothing, as one action that can be undone (Admin, Manager)',
    description:
      'Each lead is named with the version it was read at. If any is gone or at another version, nothing is written: 412 with `leads`, each `{id, version}` (version null when the lead is gone).',
    body: leadsBulkRequest,
    response: { 200: leadActionResult },
  },
  leadsMerge: {
    summary: 'Merge two leads of one household into one, as an action that can be undone (Admin, Manager)',
    description:
      'Each lead is named with the version it was read at; if either is gone or at another version, nothing is written: 412 with `leads`, each `{id, version}` (version null when the lead is gone). `values`: the merged lead’s value of each mergeable field (a field left out takes the preselected one: an office value over a calendar value, then the lead changed last, unless empty). The merged lead keeps a calendar lead’s row and Lead ID (the first named when both or neither come from the calendar); the other is deleted and remembered, so a sync updates the merged lead from its event instead of bringing it back. With write-back on, `goneEvent: "cancel"` also cancels the gone lead’s event. Undone, both leads exactly as before, by POST /lead-actions/{id}/undo.',
    body: leadsMergeRequest,
    response: { 200: leadMergeResult },
  },
  leadsUndoAction: {
    summary: 'Undo a bulk action, an import or a merge, if none of its leads changed since (Admin, Manager)',
    description:
      'All or nothing, recorded in the leads’ history as an action of its own. 409 when the action was undone already, or when leads changed since it (`leads`, each `{id, version}`).',
    params: idParams,
    response: { 200: leadActionResult },
  },
  leadsDuplicates: {
    summary: 'Possible duplicates: live leads with the same phone, e-mail, or name and address',
    description:
      'Groups per shared key, without the dismissed pairs. Sends an ETag per data version; If-None-Match answers 304.',
    response: { 200: possibleDuplicates },
  },
  leadsDismissDuplicate: {
    summary: 'Say two leads are not a duplicate, for everyone (Admin, Manager)',
    description: 'Again is no change; 404 if a lead is not there.',
    body: duplicateDismissal,
    response: { 204: noContent },
  },
  leadsRestoreDuplicate: {
    summary: 'Undo "not a duplicate": the pair counts again (Admin, Manager)',
    query: duplicateDismissalQuery,
    response: { 204: noContent },
  },
} satisfies Omit<LeadsIo, 'leadsGridData'>);

/** The scheduling screen's data, under the leads' address: tagged with the other scheduling reads. */
const leadsIoOfScheduling = taggedIo('Scheduling', {
  leadsGridData: {
    summary: 'Grid records: year, month, week of month and auditor',
    description:
      "Both dates optional (yyyy-mm-dd, inclusive): days of the business's calendar (CALENDAR_TIMEZONE), on which a timed visit counts, as a day on its own date. Sends an ETag per data version.",
    query: gridQuery,
    response: { 200: z.array(gridRecord) },
  },
} satisfies Pick<LeadsIo, 'leadsGridData'>);

export const leadsIo = { ...leadsIoOfLeads, ...leadsIoOfScheduling } satisfies LeadsIo;
