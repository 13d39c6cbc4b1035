import path from 'node:path';
import { routeIo, routes, type Access, type OperationId } from '@auditdesk/shared/core';
import { ROOT } from '../apps';

export const API_DOC = path.join(ROOT, 'docs/api.md');
const START = '<!-- api:operations:start (written by pnpm write-docs from the route table) -->';
const END = '<!-- api:operations:end -->';

const who = (access: Access): string =>
  access === 'public' ? 'anyone' : access === 'signed-in' ? 'signed in' : access.join(', ');

const oneLine = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** The API table of docs/api.md: one row per operation of the route table, grouped by area. */
export function operationsTable(): string {
  const rows = new Map<string, string[]>();
  for (const id of Object.keys(routes) as OperationId[]) {
    const { method, path: route, access } = routes[id];
    const io = routeIo[id] as { summary: string; description?: string; tags?: string[] };
    const area = io.tags?.[0] ?? 'Other';
    const does = [io.summary, io.description]
      .filter(Boolean)
      .map((text) => oneLine(text!))
      .join('. ');
    const address = `/api${route}`.replace(/:(\w+)/g, '{$1}');
    rows.set(area, [
      ...(rows.get(area) ?? []),
      `| \`${method} ${address}\` | ${who(access)} | ${does} | \`${id}\` |`,
    ]);
  }
  return [...rows.entries()]
    .map(([area, lines]) =>
      [`### ${area}`, '', '| operation | who | does | id |', '| --- | --- | --- | --- |', ...lines].join(
        '\n',
      ),
    )
    .join('\n\n');
}

/** docs/api.md with its table written from the route table (the prose around it kept). */
export function apiDoc(current: string): string {
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`docs/api.md lacks the markers ${START} … ${END}`);
  return `${current.slice(0, start + START.length)}\n<!-- prettier-ignore-start -->\n${operationsTable()}\n<!-- prettier-ignore-end -->\n${current.slice(end)}`;
}
