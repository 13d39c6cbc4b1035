/**
 * The server's layers, lowest first: a file may import its own layer or a lower one, never a
 * higher one. Platform code (database, HTTP, cache, Redis, logging…) knows no feature; a
 * feature knows the platform and the features below it; only the composition root (app.ts,
 * main.ts, the CLI) knows everything. Features of one layer may import each other, one way
 * only: an import that closes a cycle between them is refused. Every feature folder is in a
 * layer (a new one is refused until it is placed). The rule: importLayers.cjs.
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

/** The server's source as a tree of importLayers.cjs. */
const tree = {
  source: 'server/src',
  layers: SERVER_LAYERS,
  table: 'SERVER_LAYERS',
  hint: 'scripts/eslint/serverLayers.cjs',
  units: ['features'],
  unitsAre: 'features',
  top: 'the composition root',
  /** The server's own package name: `@auditdesk/server/src/…` is a path into the server too. */
  package: { name: '@auditdesk/server', folder: 'server' },
  outside: ['server/test', 'server/testkit', 'scripts'],
};

module.exports = { SERVER_LAYERS, tree };
