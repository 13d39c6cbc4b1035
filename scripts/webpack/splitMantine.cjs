// @mantine/core shared as one singleton is provided whole to every route: the host's cut held
// every remote's components (Table, Select, Tabs…), 18 KB gzip that /login never draws. Here a
// remote's production build takes from the host only the Mantine modules the host itself uses
// (its own code's and the shared package's imports, followed through Mantine's files), and
// bundles the rest of what it uses: its copies of those components import Mantine's modules
// the host has (its theme, contexts, Box, Popover…) from the host's singleton, so one theme
// and one set of contexts stay on the page.
const fs = require('node:fs');
const path = require('node:path');

const NAME = 'SplitMantinePlugin';
const ROOT = path.join(__dirname, '..', '..');
/** What the host's bundle draws from: its source and the shared package it provides. */
const HOST_SOURCES = ['host/src', 'shared/src'];
/** The share key of the host's Mantine names the package does not export (writeHostInternals). */
const INTERNALS = 'mantine-core-internals';

/** The @mantine/core package folder's ES module build, as the app in `appDir` resolves it. */
function mantineEsm(appDir) {
  return path.join(fs.realpathSync(path.join(appDir, 'node_modules/@mantine/core')), 'esm');
}

/** Names in `export { a, b as c }` / `import { a, type b }` lists, as the importer or exporter sees them. */
function specifierNames(list, side) {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && !item.startsWith('type '))
    .map((item) => {
      const [local, alias] = item.split(/\s+as\s+/);
      return side === 'exported' ? (alias ?? local) : local;
    });
}

/** Mantine's ES build as a graph: each file's exports and the files it imports; the barrel's files. */
function readMantine(esm) {
  const files = new Map();
  const read = (file) => {
    if (files.has(file)) return files.get(file);
    const source = fs.readFileSync(file, 'utf8');
    // bindings: the files it takes names from (its builds also import many files bare, unused)
    const entry = { exports: new Set(), imports: new Set(), bindings: new Set() };
    files.set(file, entry);
    for (const match of source.matchAll(/^export \{([^}]*)\};?$/gm))
      for (const name of specifierNames(match[1], 'exported')) entry.exports.add(name);
    for (const match of source.matchAll(/(?:import|export)\s*(?:[\w*{}\s,]*?from\s*)?'(\.[^']+)'/g))
      entry.imports.add(path.resolve(path.dirname(file), match[1]));
    for (const match of source.matchAll(/(?:import|export)\s*[\w*{}\s,]*?from\s*'(\.[^']+)'/g))
      entry.bindings.add(path.resolve(path.dirname(file), match[1]));
    for (const target of entry.imports) read(target);
    return entry;
  };
  const barrel = path.join(esm, 'index.mjs');
  read(barrel);
  /** public name → the file that defines it */
  const publicFile = new Map();
  for (const match of fs.readFileSync(barrel, 'utf8').matchAll(/^export \{([^}]*)\} from '(\.[^']+)';$/gm))
    for (const name of specifierNames(match[1], 'exported'))
      publicFile.set(name, path.resolve(esm, match[2]));
  return { files, publicFile, barrel };
}

/** Every @mantine/core name the host's code imports. */
function hostImports() {
  const names = new Set();
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, 'utf8');
        for (const match of source.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g))
          if (!match[1]) for (const name of specifierNames(match[2], 'imported')) names.add(name);
      }
    }
  };
  for (const folder of HOST_SOURCES) visit(path.join(ROOT, folder));
  return names;
}

/**
 * Which Mantine files a remote takes from the host: those the host's imports reach whose
 * every export is public (the host provides the package's public names only).
 */
function hostMantine(esm) {
  const mantine = readMantine(esm);
  const reached = new Set();
  const reach = (file) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const target of mantine.files.get(file)?.bindings ?? []) reach(target);
  };
  for (const name of hostImports()) {
    const file = mantine.publicFile.get(name);
    if (!file) throw new Error(`@mantine/core has no export ${name} (imported by the host)`);
    reach(file);
  }
  const publicNames = new Set(mantine.publicFile.keys());
  // the names outside the package's public ones, by file: the host provides them under INTERNALS
  // (a name found in two files gets its file's path)
  const seen = new Map();
  for (const file of reached)
    for (const name of mantine.files.get(file).exports)
      if (!publicNames.has(name)) seen.set(name, (seen.get(name) ?? 0) + 1);
  /** file → [name, the name INTERNALS gives it] */
  const internal = new Map();
  for (const file of [...reached].sort()) {
    const names = [...mantine.files.get(file).exports].filter((name) => !publicNames.has(name));
    const alias = (name) =>
      seen.get(name) > 1 ? `${name}$${path.relative(esm, file).replace(/\W/g, '_')}` : name;
    if (names.length)
      internal.set(
        file,
        names.map((name) => [name, alias(name)]),
      );
  }
  return { ...mantine, publicNames, reached, internal };
}

/** Writes `dir`/`file` with `text` unless it is there. */
function generated(dir, file, text) {
  const target = path.join(dir, file);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return target;
}

/** A fresh folder for an app's generated modules, which re-export only (so what is unused is left out). */
function generatedFolder(appDir) {
  const dir = path.join(appDir, 'node_modules/.cache/split-mantine');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "sideEffects": false }\n');
  return dir;
}

/**
 * The host's module INTERNALS: the names of its Mantine files that the package does not export
 * (contexts like the input wrapper's, class-name helpers), for the remotes' copies of the
 * components it does not use. Tree-shaken to what the remotes take, like the libraries.
 * @returns the module's file
 */
function writeHostInternals(hostDir) {
  const esm = mantineEsm(hostDir);
  const split = hostMantine(esm);
  const lines = [...split.internal].map(
    ([file, names]) =>
      `export { ${names.map(([name, alias]) => (name === alias ? name : `${name} as ${alias}`)).join(', ')} } from ${JSON.stringify(file)};`,
  );
  return generated(generatedFolder(hostDir), 'internals.mjs', `${lines.join('\n')}\n`);
}

class SplitMantinePlugin {
  /** @param {string} appDir the remote's folder */
  constructor(appDir) {
    this.appDir = appDir;
  }

  apply(compiler) {
    const esm = mantineEsm(this.appDir);
    const split = hostMantine(esm);
    const dir = generatedFolder(this.appDir);
    /** A file of the host's Mantine, for the remote: its names from the host's two shared modules. */
    const fromHost = (file) => {
      const { exports } = split.files.get(file);
      const internal = new Map(split.internal.get(file) ?? []);
      const lines = [...exports].map((name) =>
        internal.has(name)
          ? `export { ${internal.get(name) === name ? name : `${internal.get(name)} as ${name}`} } from '${INTERNALS}';`
          : `export { ${name} } from '@mantine/core';`,
      );
      return generated(dir, path.join('host', path.relative(esm, file)), `${lines.join('\n')}\n`);
    };
    // what the remote's own code imports from '@mantine/core': each name from the host or its own copy
    const barrel = generated(
      dir,
      'index.mjs',
      `${[...split.publicFile]
        .map(([name, file]) =>
          split.reached.has(file)
            ? `export { ${name} } from '@mantine/core';`
            : `export { ${name} } from ${JSON.stringify(file)};`,
        )
        .join('\n')}\n`,
    );

    const inside = (file, folder) => file.startsWith(folder + path.sep);
    compiler.hooks.normalModuleFactory.tap(NAME, (factory) => {
      factory.hooks.beforeResolve.tap(NAME, (data) => {
        const issuer = data.contextInfo.issuer;
        if (!issuer || inside(issuer, dir)) return;
        if (data.request === '@mantine/core') data.request = barrel;
        else if (data.request.startsWith('.') && inside(issuer, esm)) {
          // the remote's copy of a component the host does not use, importing a file the host has
          const target = path.resolve(data.context, data.request);
          if (split.reached.has(target)) data.request = fromHost(target);
        }
      });
    });
  }
}

module.exports = { SplitMantinePlugin, writeHostInternals, hostMantine, INTERNALS };
