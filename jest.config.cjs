// One jest run over every package: the server in Node, the browser code in jsdom.
const fs = require('node:fs');
const path = require('node:path');
const swcOptions = require('./scripts/swcOptions.cjs');

const transform = { '^.+\\.[cm]?[jt]sx?$': ['@swc/jest', swcOptions({ module: 'commonjs' })] };
const esmPackages = require('./scripts/jest/esmPackages.cjs');

// ESM-only dependencies are compiled like our own code; everything else is left alone.
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ESM = esmPackages(__dirname).map((name) => `${escape(name)}/`);
const transformIgnorePatterns = [`/node_modules/(?!\\.pnpm/|${ESM.join('|')})`];
/** The browser code: the host, every remote-* package and shared, all run in jsdom. */
const WEB_ROOTS = fs
  .readdirSync(__dirname)
  .filter(
    (name) =>
      ['host', 'shared'].includes(name) ||
      (name.startsWith('remote-') && fs.existsSync(path.join(__dirname, name, 'package.json'))),
  )
  .sort()
  .map((name) => `<rootDir>/${name}`);

// Rendering a full Mantine table in jsdom takes seconds on a busy 2-core machine.
const shared = {
  transform,
  transformIgnorePatterns,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** @type {import('jest').Config} */
module.exports = {
  // a global option: inside a project's config jest ignores it (and falls back to 5 s)
  testTimeout: 15_000,
  // On two cores jest's default is one worker, which means running in its own process: one
  // file at a time, every file's leaks kept to the end (4 GB and a process that never exited).
  // The tests wait on servers, child processes and timers much of the time, so two files at
  // a time fill both cores; a worker that grew past 1 GB is replaced between files.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  testSequencer: '<rootDir>/scripts/jest/slowFirstSequencer.cjs',
  projects: [
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      setupFiles: ['<rootDir>/scripts/jest/fastifyPluginNames.cjs'],
      setupFilesAfterEnv: ['<rootDir>/server/testkit/jest/setupServerTests.ts'],
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: '<rootDir>/scripts/jest/jsdomEnvironment.cjs',
      roots: WEB_ROOTS,
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/setupDom.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/scripts/jest/styleStub.cjs' },
    },
    {
      ...shared,
      displayName: 'scripts',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '/scripts/e2e/'],
    },
  ],
};
