import type { InjectOptions } from 'fastify';

/** A multipart/form-data request body as a browser's FormData would send it. */
export async function multipartForm(
  fields: Record<string, string | { name: string; content: Buffer | string; type?: string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([typeof value.content === 'string' ? value.content : new Uint8Array(value.content)], {
          type: value.type ?? 'application/octet-stream',
        }),
        value.name,
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** An import request (preview or import) of one file, as injectable options. */
export async function importRequest(
  url: '/api/leads/import' | '/api/leads/import/preview',
  file: { name: string; content: Buffer | string },
  extra: Record<string, string> = {},
): Promise<InjectOptions> {
  const { payload, headers } = await multipartForm({ ...extra, file });
  return { method: 'POST', url, payload, headers };
}

/** CSV text from rows, every field quoted as the export writes it. */
export const csvOf = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
