import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { REMOTES } from '../../server/src/platform/config/remotes';
import { ROOT } from '../apps';

/** Where a served script was built: its app's folder and its file in that app's dist. */
export interface ScriptOrigin {
  app: string;
  file: string;
}

/** A part of a script: a package, or a folder of our own code, and its share of the bytes. */
export interface ContentShare {
  source: string;
  share: number;
}

/** The host is served at `/`, each remote's build under `/remotes/<path>/` (as `pnpm start` serves them). */
export function scriptOrigin(urlPath: string): ScriptOrigin {
  const remote = REMOTES.find((candidate) => urlPath.startsWith(`/remotes/${candidate.path}/`));
  const file = urlPath.split('?')[0]!.split('/').pop()!;
  return { app: remote ? remote.folder : 'host', file };
}

/**
 * A built file's name without its content hash (`shared-libraries.a1415152.js` →
 * `shared-libraries`). webpack numbers unnamed chunks from their modules, so a number says
 * little and changes with them: such a chunk is named by what it holds instead.
 */
export function stableName(file: string, contents: ContentShare[]): string {
  const name = file.replace(/\.js$/, '').replace(/\.[0-9a-f]{8}$/, '');
  if (!/^\d+$/.test(name)) return name;
  return contents[0] ? `chunk of ${contents[0].source}` : `chunk ${name}`;
}

/** A source map's source as a package name, `webpack runtime`, or our own folder from the repository's root. */
export function sourceGroup(source: string, appDir: string): string {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const [scope, name] = source.slice(nodeModules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const plain = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (plain.startsWith('webpack/')) return 'webpack runtime';
  const fromRoot = path.relative(ROOT, path.resolve(appDir, plain)).split(path.sep);
  return fromRoot.slice(0, Math.min(3, fromRoot.length - 1)).join('/');
}

/** The bytes of a built script by where they came from (its source map), largest first. */
export function scriptContents(code: string, map: RawSourceMap, appDir: string): ContentShare[] {
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(map);
  // the consumer normalises its sources as URLs (`webpack:///../shared/x` → `webpack:///shared/x`),
  // which loses the folder they are relative to: group them by the map's own, in the same order
  const groups = new Map(
    consumer.sources.map((source, index) => [source, sourceGroup(map.sources[index]!, appDir)]),
  );
  const mappings: { line: number; column: number; group: string }[] = [];
  consumer.eachMapping((mapping) =>
    mappings.push({
      line: mapping.generatedLine,
      column: mapping.generatedColumn,
      group: (mapping.source && groups.get(mapping.source)) || '(no source)',
    }),
  );
  const bytes = new Map<string, number>();
  mappings.forEach((mapping, index) => {
    // a mapping runs to the next one on its line, or to the line's end
    const next = mappings[index + 1];
    const end = next?.line === mapping.line ? next.column : lines[mapping.line - 1]!.length;
    bytes.set(mapping.group, (bytes.get(mapping.group) ?? 0) + Math.max(0, end - mapping.column));
  });
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0) || 1;
  return [...bytes]
    .map(([source, value]) => ({ source, share: value / total }))
    .sort((a, b) => b.share - a.share);
}

/** What a served script of the production build holds, from the source map beside its app's dist. */
export function builtScriptContents(urlPath: string): { origin: ScriptOrigin; contents: ContentShare[] } {
  const origin = scriptOrigin(urlPath);
  const appDir = path.join(ROOT, origin.app);
  const file = path.join(appDir, 'dist', origin.file);
  const mapFile = path.join(appDir, 'dist-sourcemaps', `${origin.file}.map`);
  if (!fs.existsSync(file) || !fs.existsSync(mapFile)) return { origin, contents: [] };
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap;
  return { origin, contents: scriptContents(fs.readFileSync(file, 'utf8'), map, appDir) };
}
