const fs = require('node:fs');
const path = require('node:path');

/**
 * The trees whose imports point down the layers, each declared beside its table. One rule for
 * both: a file may import its own layer or a lower one, never a higher one; units of one layer
 * (the server's features, shared's folders) import each other one way only (an import closing
 * a cycle is refused, the way back named); every unit is placed in a layer.
 *
 * A tree: `source`, the folder it covers; `layers`, lowest first, of folder paths inside it;
 * `table`, the layers' name for the messages; `units`, the folders whose every subfolder is a
 * unit ('' is the source folder itself); what is in no layer and no unit (the server's app.ts,
 * shared's index.ts) is `top`; `package`, the package whose name (and `exports` map) reads like
 * a relative path into it; `outside`, folders of the repository the source never imports.
 */
const TREES = [require('./serverLayers.cjs').tree, require('./sharedLayers.cjs').tree];

const toPosix = (file) => file.split(path.sep).join('/');

/** The tree a file is in and the repository it is in, or null. */
function treeOf(file) {
  let found = null;
  for (const tree of TREES) {
    const marker = `${path.sep}${tree.source.split('/').join(path.sep)}${path.sep}`;
    const at = file.lastIndexOf(marker);
    if (at !== -1 && (!found || at > found.at)) found = { tree, at, repoRoot: file.slice(0, at) };
  }
  return found && { tree: found.tree, repoRoot: found.repoRoot };
}

/** The unit a path inside the source is in ("features/sync", "api"), or null. */
function unitOf(tree, inside) {
  for (const parent of tree.units) {
    const prefix = parent ? `${parent}/` : '';
    if (!inside.startsWith(prefix)) continue;
    const rest = inside.slice(prefix.length).split('/');
    if (rest.length > 1) return prefix + rest[0];
  }
  return null;
}

/**
 * Where a file stands in its tree: its layer's rank (null: a unit in no layer), its name
 * ("features/sync", "platform/db", "api") and its unit; null outside the tree's source.
 */
function layerOf(tree, repoRoot, file) {
  const source = path.join(repoRoot, tree.source);
  if (!file.startsWith(`${source}${path.sep}`)) return null;
  // an import of a folder is one of its index file
  const resolved = fs.existsSync(file) && fs.statSync(file).isDirectory() ? path.join(file, 'index') : file;
  const inside = toPosix(path.relative(source, resolved));
  const unit = unitOf(tree, inside);
  const rank = tree.layers.findIndex((layer) =>
    layer.some((folder) => inside === folder || inside.startsWith(`${folder}/`)),
  );
  if (rank !== -1) return { rank, name: unit ?? inside.split('/').slice(0, 2).join('/'), unit };
  if (unit) return { rank: null, name: unit, unit };
  return { rank: tree.layers.length, name: tree.top, unit: null };
}

/** Each package's package.json as last read, by repository. */
const manifests = new Map();

function packageJson(repoRoot, folder) {
  const file = path.join(repoRoot, folder, 'package.json');
  if (!manifests.has(file))
    manifests.set(file, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
  return manifests.get(file);
}

/**
 * The file or folder an import names, or null for another package: relative and absolute
 * paths, and a tree's own package name (`@auditdesk/server/src/features/sync/…`,
 * `@auditdesk/shared/core`), through its `exports` map where it has one.
 */
function targetOf(importer, specifier, repoRoot) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  if (path.isAbsolute(specifier)) return specifier;
  for (const { package: pkg } of TREES) {
    if (specifier !== pkg.name && !specifier.startsWith(`${pkg.name}/`)) continue;
    const subpath = `.${specifier.slice(pkg.name.length)}`;
    const manifest = packageJson(repoRoot, pkg.folder);
    const exported = typeof manifest.exports === 'object' ? manifest.exports[subpath] : undefined;
    const file = exported ?? (subpath === '.' ? manifest.main : subpath);
    return file ? path.join(repoRoot, pkg.folder, file) : null;
  }
  return null;
}

const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"]([^'"]+)['"]/gm;
/** Each source file's imported units as last read, with the modification time they were read at. */
const parsed = new Map();

function unitImportsOf(tree, repoRoot, file) {
  const stamp = fs.statSync(file).mtimeMs;
  const known = parsed.get(file);
  if (known && known.stamp === stamp) return known.units;
  const units = new Set();
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORTS)) {
    const target = targetOf(file, specifier, repoRoot);
    const unit = target && layerOf(tree, repoRoot, target)?.unit;
    if (unit) units.add(unit);
  }
  parsed.set(file, { stamp, units });
  return units;
}

/** Which units each unit of a tree imports, as the files on disk say (tests left out). */
function unitGraph(tree, repoRoot) {
  const graph = new Map();
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)) {
        const from = layerOf(tree, repoRoot, file).unit;
        if (!from) continue;
        const edges = graph.get(from) ?? new Set();
        for (const to of unitImportsOf(tree, repoRoot, file)) if (to !== from) edges.add(to);
        graph.set(from, edges);
      }
    }
  };
  const source = path.join(repoRoot, tree.source);
  if (fs.existsSync(source)) walk(source);
  return graph;
}

/** A way from `start` to `goal` through the graph ([start, …, goal]), or null. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const way = [];
      for (let step = at; step !== null; step = cameFrom.get(step)) way.unshift(step);
      return way;
    }
    for (const next of graph.get(at) ?? [])
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    messages: {
      upward: '{{from}} must not import {{to}}: imports point down the layers ({{hint}}).',
      cycle:
        '{{from}} must not import {{to}}: {{way}} already, and {{unitsAre}} of one layer import each other one way only ({{hint}}).',
      unplaced: '{{unit}} is in no layer: place it in {{table}} ({{hint}}).',
      outside:
        '{{source}} must not import {{to}}: tests, benches and scripts use the source, not the other way round.',
    },
  },
  create(context) {
    const at = treeOf(context.filename);
    if (!at) return {};
    const { tree, repoRoot } = at;
    const importer = layerOf(tree, repoRoot, context.filename);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = targetOf(context.filename, specifier, repoRoot);
      if (!target) return;
      const fromRoot = toPosix(path.relative(repoRoot, target));
      if (tree.outside.some((folder) => fromRoot.startsWith(`${folder}/`)))
        return context.report({ node, messageId: 'outside', data: { source: tree.source, to: fromRoot } });
      const imported = layerOf(tree, repoRoot, target);
      if (!imported || importer.rank === null) return;
      if (imported.rank === null)
        return context.report({
          node,
          messageId: 'unplaced',
          data: { unit: imported.name, table: tree.table, hint: tree.hint },
        });
      if (imported.rank > importer.rank)
        return context.report({
          node,
          messageId: 'upward',
          data: { from: importer.name, to: imported.name, hint: tree.hint },
        });
      if (
        imported.rank === importer.rank &&
        imported.unit &&
        importer.unit &&
        importer.unit !== imported.unit
      ) {
        // the way back ends on reaching the importer's unit: the file being linted plays no part
        const way = pathBetween(unitGraph(tree, repoRoot), imported.unit, importer.unit);
        if (way)
          context.report({
            node,
            messageId: 'cycle',
            data: {
              from: importer.name,
              to: imported.name,
              way: way.join(' → '),
              unitsAre: tree.unitsAre,
              hint: tree.hint,
            },
          });
      }
    };
    return {
      Program: (node) => {
        if (importer.rank === null)
          context.report({
            node,
            messageId: 'unplaced',
            data: { unit: importer.name, table: tree.table, hint: tree.hint },
          });
      },
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node.moduleReference.expression, node.moduleReference.expression.value),
    };
  },
};

module.exports = { TREES, importLayersPlugin: { rules: { 'imports-point-down': layersRule } } };
