const path = require('node:path');

/**
 * The server's layers, lowest first: a file may import its own layer or a lower one, never a
 * higher one. Platform code (database, HTTP, cache, Redis, logging…) knows no feature; a
 * feature knows the platform and the features below it; only the composition root (app.ts,
 * main.ts, the CLI) knows everything. `sync → leads` is the only direction between those two.
 */
const SERVER_LAYERS = [
  ['platform'],
  ['features/auth', 'features/users', 'features/mail', 'features/notifications', 'features/docs'],
  ['features/preferences', 'features/views', 'features/business', 'features/realtime'],
  ['features/leads'],
  ['features/calendar'],
  ['features/sync'],
  ['features/writeBack', 'features/scheduling', 'features/releases', 'features/resources'],
  ['features/dashboard'],
];

const SOURCE = `${path.sep}server${path.sep}src${path.sep}`;
const OUTSIDE_SOURCE = ['server/test', 'server/testkit', 'scripts'];

function layerOf(file) {
  const at = file.indexOf(SOURCE);
  if (at === -1) return null;
  const inside = file
    .slice(at + SOURCE.length)
    .split(path.sep)
    .join('/');
  const index = SERVER_LAYERS.findIndex((layer) =>
    layer.some((folder) => inside === folder || inside.startsWith(`${folder}/`)),
  );
  return index === -1
    ? { rank: SERVER_LAYERS.length, name: 'the composition root' }
    : { rank: index, name: inside.split('/').slice(0, 2).join('/') };
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    messages: {
      upward: '{{from}} must not import {{to}}: imports point down the layers ({{hint}}).',
      outside:
        'Server source must not import {{to}}: tests, benches and scripts use the source, not the other way round.',
    },
  },
  create(context) {
    const importer = layerOf(context.filename);
    if (!importer) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), specifier);
      const repoRoot = context.filename.slice(0, context.filename.indexOf(SOURCE));
      const fromRoot = path.relative(repoRoot, target).split(path.sep).join('/');
      if (OUTSIDE_SOURCE.some((folder) => fromRoot.startsWith(`${folder}/`)))
        return context.report({ node, messageId: 'outside', data: { to: fromRoot } });
      const imported = layerOf(target);
      if (imported && imported.rank > importer.rank)
        context.report({
          node,
          messageId: 'upward',
          data: { from: importer.name, to: imported.name, hint: 'scripts/eslint/serverLayers.cjs' },
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

module.exports = { SERVER_LAYERS, serverLayersPlugin: { rules: { 'imports-point-down': layersRule } } };
