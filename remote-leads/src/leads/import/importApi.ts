import {
  api,
  invalidateAfterLeadChange,
  routes,
  uploadForm,
  type ImportDuplicateChoices,
  type ImportedLeads,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type UploadProgress,
} from '@auditdesk/shared';

/** What the person chose about the file: its columns' fields, and what rows like existing leads do. */
export interface ImportChoices {
  /** null: the mapping the server proposes from the header. */
  mapping: ImportMapping | null;
  duplicates: ImportDuplicateChoices;
}

export const DEFAULT_DUPLICATE_CHOICES: ImportDuplicateChoices = { all: 'update', rows: {} };

function formOf(file: File, { mapping, duplicates }: ImportChoices, acceptInvalid?: boolean): FormData {
  const form = new FormData();
  // the small fields first: the server reads them before the file's bytes
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (duplicates.all !== 'update' || Object.keys(duplicates.rows).length > 0)
    form.append('duplicates', JSON.stringify(duplicates));
  if (acceptInvalid !== undefined) form.append('acceptInvalid', String(acceptInvalid));
  form.append('file', file, file.name);
  return form;
}

/** The calls the import dialog makes; tests hand it their own. */
export interface ImportApi {
  preview(file: File, choices: ImportChoices, onProgress: UploadProgress): Promise<ImportPreview>;
  run(
    file: File,
    choices: ImportChoices,
    acceptInvalid: boolean,
    onProgress: UploadProgress,
  ): Promise<ImportResult>;
}

export const importApi: ImportApi = {
  preview: (file, choices, onProgress) =>
    uploadForm(routes.leadsImportPreview, formOf(file, choices), onProgress),
  async run(file, choices, acceptInvalid, onProgress) {
    const result = await uploadForm(routes.leadsImport, formOf(file, choices, acceptInvalid), onProgress);
    await invalidateAfterLeadChange();
    return result;
  },
};

/** The live leads an import created or changed (the leads screen's import filter). */
export const importedLeads = (actionId: number): Promise<ImportedLeads> =>
  api(routes.leadsImported, { params: { id: actionId } });
