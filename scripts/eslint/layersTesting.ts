import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { importLayersPlugin } = require('./importLayers.cjs');

export const ROOT = path.resolve(__dirname, '../..');

const config = [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { layers: importLayersPlugin },
    rules: { 'layers/imports-point-down': 'error' as const },
  },
];

/** What the layers rule says of `code` placed at `file` (a path from `root`, the repository by default). */
export const problemsOf = (file: string, code: string, root = ROOT) =>
  new Linter({ cwd: root })
    .verify(code, config, { filename: path.join(root, file) })
    .map((problem) => problem.message);

/** A checkout of its own holding `files` (path: code), for the rules that read the tree. */
export function checkout(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-layers-'));
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), code);
  }
  return root;
}
