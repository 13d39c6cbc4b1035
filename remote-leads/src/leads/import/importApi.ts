import {
  invalidateAfterLeadChange,
  routes,
  uploadForm,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type UploadProgress,
} from '@auditdesk/shared';

function formOf(file: File, mapping: ImportMapping | null, acceptInvalid?: boolean): FormData {
  const form = new FormData();
  // the small fields first: the server reads them before the file's bytes
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (acceptInvalid !== undefined) form.append('acceptInvalid', String(acceptInvalid));
  form.append('file', file, file.name);
  return form;
}

/** The calls the import dialog makes; tests hand it their own. */
export interface ImportApi {
  preview(file: File, mapping: ImportMapping | null, onProgress: UploadProgress): Promise<ImportPreview>;
  run(
    file: File,
    mapping: ImportMapping,
    acceptInvalid: boolean,
    onProgress: UploadProgress,
  ): Promise<ImportResult>;
}

export const importApi: ImportApi = {
  preview: (file, mapping, onProgress) =>
    uploadForm(routes.leadsImportPreview, formOf(file, mapping), onProgress),
  async run(file, mapping, acceptInvalid, onProgress) {
    const result = await uploadForm(routes.leadsImport, formOf(file, mapping, acceptInvalid), onProgress);
    await invalidateAfterLeadChange();
    return result;
  },
};
