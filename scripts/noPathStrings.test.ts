import fs from 'node:fs';
import path from 'node:path';
import { ROOT, WEB_APPS } from './apps';

// Apps call the API through the route table (`api(routes.x, …)`), so a path is written once, in
// the contract. This keeps it so: no API address in app code, and no call by path.
const APP_SOURCES = [...WEB_APPS.map((app) => `${app.name}/src`), 'shared/src'];
/** The typed client itself turns a table entry into an address. */
const CLIENT = path.join(ROOT, 'shared/src/api');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return file === CLIENT || entry.name === 'testing' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const offences = (pattern: RegExp) =>
  APP_SOURCES.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );

describe('app code and the API', () => {
  it('writes no /api/ address', () => {
    expect(offences(/['"`]\/api\//)).toEqual([]);
  });

  it('calls no operation by a path of its own', () => {
    expect(offences(/\b(apiData|apiRequest|uploadForm)(<[^>]*>)?\(\s*['"`]/)).toEqual([]);
  });
});
