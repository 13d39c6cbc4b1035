import fs from 'node:fs';
import { routes } from '@auditdesk/shared/core';
import { API_DOC, apiDoc } from './apiDoc';

describe('docs/api.md', () => {
  it('lists what the route table says (run `pnpm write-docs` after changing an operation)', () => {
    const current = fs.readFileSync(API_DOC, 'utf8');
    expect(current).toBe(apiDoc(current));
  });

  it('has a row for every operation, with who may call it', () => {
    const current = fs.readFileSync(API_DOC, 'utf8');
    for (const id of Object.keys(routes)) expect(current).toContain(`| \`${id}\` |`);
    expect(current).toContain('| `PATCH /api/views/{id}` | signed in |');
  });
});
