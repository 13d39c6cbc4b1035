import multipart from '@fastify/multipart';
import type { ImportMapping } from '@auditdesk/shared/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Authenticate } from '../../../platform/http/authenticate';
import { operationRoutes } from '../../../platform/http/operationRoutes';
import { badRequest, HttpProblem, notFound } from '../../../platform/errors/httpProblem';
import { fileTooLarge } from './importProblems';
import type { DuplicateChoices } from './importMatches';
import { parseDuplicatesField, parseMappingField, type ImportUpload, type LeadImport } from './leadImport';

/** Room in a request for the form's boundaries, headers and small fields beside the file. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/**
 * /api/leads/import: Admin and Manager import leads from a .csv or .xlsx file. The upload
 * is streamed and refused (413) past IMPORT_MAX_BYTES; nothing of it is kept after the
 * request, so a preview and the import that follows each send the file.
 */
export const leadImportRoutes: FastifyPluginAsync<{
  leadImport: LeadImport;
  authenticate: Authenticate;
  maxBytes: number;
  /** A restore point before the import is written (DESIGN.md section 22). */
  restorePoint?: (kind: 'import', reason: string) => Promise<void>;
}> = async (app, { leadImport, authenticate, maxBytes, restorePoint }) => {
  const route = operationRoutes(app, authenticate);
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 256 * 1024, parts: 7, headerPairs: 50 },
    throwFileSizeLimit: false,
  });

  async function receive(request: FastifyRequest): Promise<{ upload: ImportUpload; acceptInvalid: boolean }> {
    if (!request.isMultipart())
      throw new HttpProblem(415, 'Send the file as multipart/form-data, in a field named file.');
    if (Number(request.headers['content-length'] ?? 0) > maxBytes + FORM_OVERHEAD_BYTES)
      throw fileTooLarge(maxBytes);
    let file: Buffer | undefined;
    let fileName = '';
    let mapping: ImportMapping | undefined;
    let duplicates: DuplicateChoices | undefined;
    let acceptInvalid = false;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.file.truncated) throw fileTooLarge(maxBytes);
          if (part.fieldname === 'file') {
            file = Buffer.concat(chunks);
            fileName = part.filename;
          }
        } else if (part.fieldname === 'mapping') {
          mapping = parseMappingField(String(part.value));
        } else if (part.fieldname === 'duplicates') {
          duplicates = parseDuplicatesField(String(part.value));
        } else if (part.fieldname === 'acceptInvalid') {
          acceptInvalid = part.value === 'true';
        }
      }
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) throw fileTooLarge(maxBytes);
      throw badRequest('The upload is not a complete multipart form. Send the file again.');
    }
    if (!file) throw badRequest('Send the file in a multipart field named file.');
    return { upload: { fileName: fileName || 'file', file, mapping, duplicates }, acceptInvalid };
  }

  route('leadsImportPreview', async (request) => leadImport.preview((await receive(request)).upload));

  route('leadsImported', async (request) => {
    const found = await leadImport.importedLeads(request.params.id);
    if (!found) throw notFound(`There is no import ${request.params.id}.`);
    return found;
  });

  route('leadsImport', async (request) => {
    const { upload, acceptInvalid } = await receive(request);
    await restorePoint?.(
      'import',
      `Before the import of ${upload.fileName} by ${request.currentUser!.fullName}`,
    );
    return leadImport.run(upload, acceptInvalid, request.currentUser!.id);
  });
};
