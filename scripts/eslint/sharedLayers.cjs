/**
 * shared/src's folders in layers, lowest first: a file may import its own layer or a lower
 * one, never a higher one. The contract (zod schemas, route table, roles, calendar days, the
 * remote manifest) imports nothing of shared: the server imports it. Above it the plain rules
 * computed from it once for the server and the browser; then the browser's state (the session
 * as this browser keeps it, the query client, toasts); the API client, which calls with the
 * session and refreshes it; what the apps read and send through it; signing in and out, which
 * restores and flushes preferences; the components; the standalone shell and the test helpers.
 * The entry points (index.ts, core.ts) alone know everything. Folders of one layer import each
 * other one way only; every folder is in a layer. The rule: importLayers.cjs.
 */
const SHARED_LAYERS = [
  ['contract'],
  ['scheduling', 'leads', 'time', 'format', 'users', 'random'],
  ['session', 'query', 'feedback', 'runtime'],
  ['api'],
  ['preferences', 'business', 'export', 'realtime'],
  ['auth'],
  ['ui', 'providers'],
  ['standalone', 'testing'],
];

/** shared's source as a tree of importLayers.cjs. */
const tree = {
  source: 'shared/src',
  layers: SHARED_LAYERS,
  table: 'SHARED_LAYERS',
  hint: 'scripts/eslint/sharedLayers.cjs',
  units: [''],
  unitsAre: 'folders',
  top: 'the entry points',
  /** `@auditdesk/shared/…` reads through the package's exports map, like a relative path. */
  package: { name: '@auditdesk/shared', folder: 'shared' },
  // shared's tests import scripts/jest; its source never does
  outside: ['scripts'],
};

module.exports = { SHARED_LAYERS, tree };
