const fs = require('node:fs');
const path = require('node:path');

/**
 * The server's layers, lowest first: a file may import its own layer or a lower one, never a
 * higher one. Platform code (database, HTTP, cache, Redis, logging…) knows no feature; a
 * feature knows the platform and the features below it; only the composition root (app.ts,
 * main.ts, the CLI) knows everything. Features of one layer may import each other, one way
 * only: an import that closes a cycle between them is refused. Every feature folder is in a
 * layer (a new one is refused until it is placed).
 */
const SERVER_LAYERS = [
  ['platform'],
  ['features/auth', 'features/users', 'features/mail', 'features/notifications', 'features/docs'],
  ['features/preferences', 'features/views', 'features/business', 'features/realtime'],
  ['features/leads'],
  ['features/calendar'],
  ['features/sync'],
  ['features/writeBack', 'features/backups', 'features/scheduling', 'features/releases', 'features/resources'],
  ['features/dashboard'],
];

const SOURCE = `${path.sep}server${path.sep}src${path.sep}`;
const OUTSIDE_SOURCE = ['server/test', 'server/testkit', 'scripts'];
/** The server's own package name: `@auditdesk/server/src/…` is a path into the server too. */
const SERVER_PACKAGE = '@auditdesk/server';
const HINT = 'scripts/eslint/serverLayers.cjs';

/** Where a file stands: its layer's rank and its unit ("features/sync", "platform/db"), or null outside server/src. */
function layerOf(file) {
  const at = file.indexOf(SOURCE);
  if (at === -1) return null;
  const inside = file
    .slice(at + SOURCE.length)
    .split(path.sep)
    .join('/');
  const name = inside.split('/').slice(0, 2).join('/');
  const index = SERVER_LAYERS.findIndex((layer) =>
    layer.some((folder) => inside === folder || inside.startsWith(`${folder}/`)),
  );
  if (index !== -1) return { rank: index, name, feature: name.startsWith('features/') ? name : null };
  if (inside.startsWith('features/')) return { rank: null, name, feature: name };
  return { rank: SERVER_LAYERS.length, name: 'the composition root', feature: null };
}

/**
 * The file or folder an import names, or null for a package: relative and absolute paths, and
 * the server's own package name (`@auditdesk/server/src/features/sync/…`), which resolves to
 * the same files a relative path would.
 */
function targetOf(importer, specifier, repoRoot) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  if (path.isAbsolute(specifier)) return specifier;
  if (specifier === SERVER_PACKAGE) return path.join(repoRoot, 'server', 'src', 'app.ts');
  if (specifier.startsWith(`${SERVER_PACKAGE}/`))
    return path.join(repoRoot, 'server', specifier.slice(SERVER_PACKAGE.length + 1));
  return null;
}

const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"]([^'"]+)['"]/gm;
/** Each feature file's imports as last read, with the modification time they were read at. */
const parsed = new Map();

function featureImportsOf(file, repoRoot) {
  const stamp = fs.statSync(file).mtimeMs;
  const known = parsed.get(file);
  if (known && known.stamp === stamp) return known.features;
  const features = new Set();
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORTS)) {
    const target = targetOf(file, specifier, repoRoot);
    const feature = target && layerOf(target)?.feature;
    if (feature) features.add(feature);
  }
  parsed.set(file, { stamp, features });
  return features;
}

/** Which features each feature imports, as the files on disk say (tests left out). */
function featureGraph(repoRoot) {
  const root = path.join(repoRoot, 'server', 'src', 'features');
  const graph = new Map();
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)) {
        const from = layerOf(file).feature;
        const edges = graph.get(from) ?? new Set();
        for (const to of featureImportsOf(file, repoRoot)) if (to !== from) edges.add(to);
        graph.set(from, edges);
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
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
        '{{from}} must not import {{to}}: {{way}} already, and features of one layer import each other one way only ({{hint}}).',
      unplaced: '{{feature}} is in no layer: place it in SERVER_LAYERS ({{hint}}).',
      outside:
        'Server source must not import {{to}}: tests, benches and scripts use the source, not the other way round.',
    },
  },
  create(context) {
    const importer = layerOf(context.filename);
    if (!importer) return {};
    const repoRoot = context.filename.slice(0, context.filename.indexOf(SOURCE));
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = targetOf(context.filename, specifier, repoRoot);
      if (!target) return;
      const fromRoot = path.relative(repoRoot, target).split(path.sep).join('/');
      if (OUTSIDE_SOURCE.some((folder) => fromRoot.startsWith(`${folder}/`)))
        return context.report({ node, messageId: 'outside', data: { to: fromRoot } });
      const imported = layerOf(target);
      if (!imported || importer.rank === null) return;
      if (imported.rank === null)
        return context.report({ node, messageId: 'unplaced', data: { feature: imported.name, hint: HINT } });
      if (imported.rank > importer.rank)
        return context.report({
          node,
          messageId: 'upward',
          data: { from: importer.name, to: imported.name, hint: HINT },
        });
      if (imported.rank === importer.rank && imported.feature && importer.feature !== imported.feature) {
        // the way back ends on reaching the importer's feature: the file being linted plays no part
        const way = pathBetween(featureGraph(repoRoot), imported.feature, importer.feature);
        if (way)
          context.report({
            node,
            messageId: 'cycle',
            data: { from: importer.name, to: imported.name, way: way.join(' → '), hint: HINT },
          });
      }
    };
    return {
      Program: (node) => {
        if (importer.rank === null)
          context.report({ node, messageId: 'unplaced', data: { feature: importer.name, hint: HINT } });
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

module.exports = { SERVER_LAYERS, serverLayersPlugin: { rules: { 'imports-point-down': layersRule } } };
