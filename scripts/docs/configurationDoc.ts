import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { settingsSchema } from '../../server/src/platform/config/settingsSchema';
import { ROOT } from '../apps';

const SCHEMA_FILE = path.join(ROOT, 'server/src/platform/config/settingsSchema.ts');
export const CONFIGURATION_DOC = path.join(ROOT, 'docs/configuration.md');

/** The doc comment above each setting in the schema's source, by name. */
function docComments(): Map<string, string> {
  const source = ts.createSourceFile(
    SCHEMA_FILE,
    fs.readFileSync(SCHEMA_FILE, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const comments = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const text = ts
        .getJSDocCommentsAndTags(node)
        .map((doc) => (typeof doc.comment === 'string' ? doc.comment : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (text) comments.set(node.name.text, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return comments;
}

/** A default as one would write it in the environment; '' when there is none. */
function defaultOf(schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } }): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return '';
  const value = parsed.data;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/configuration.md: every setting, its default and its meaning, from the schema alone. */
export function configurationDoc(): string {
  const comments = docComments();
  const rows = Object.entries(settingsSchema.shape).map(([name, schema]) => {
    const meaning = schema.description ?? comments.get(name) ?? '';
    if (!meaning)
      throw new Error(`${name} has no description in server/src/platform/config/settingsSchema.ts`);
    const fallback = defaultOf(schema);
    return `| \`${name}\` | ${fallback ? `\`${cell(fallback)}\`` : 'unset'} | ${cell(meaning)} |`;
  });
  return [
    '# Configuration',
    '',
    '<!-- Written by `pnpm write-docs` from server/src/platform/config/settingsSchema.ts; edit the schema, not this file. -->',
    '',
    'Every setting is an environment variable, read once at start. A bad value stops the start',
    'with a message that names the variable (`PORT: expected a port number (got "eighty")`).',
    '',
    '| variable | default | meaning |',
    '| -------- | ------- | ------- |',
    ...rows,
    '',
  ].join('\n');
}
