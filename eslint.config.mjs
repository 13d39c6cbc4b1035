import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importLayers from './scripts/eslint/importLayers.cjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The browser apps: the host and every remote-* package (the remotes of the remote manifest). */
const APPS = [
  'host',
  ...fs
    .readdirSync(ROOT)
    .filter((name) => name.startsWith('remote-') && fs.existsSync(path.join(ROOT, name, 'package.json')))
    .sort(),
];

/**
 * Where the forbidden imports differ: each app, shared, shared's framework-free contract and
 * the server. The scopes do not overlap, so each file gets exactly one list of bans: ESLint
 * keeps only the last options a rule is given for a file, and bans declared for overlapping
 * files would replace one another.
 */
const CONTRACT = ['shared/src/contract/**/*.ts', 'shared/src/core.ts'];
const SCOPES = [
  ...APPS.map((app) => ({ name: app, files: [`${app}/src/**/*.{ts,tsx}`] })),
  { name: 'shared', files: ['shared/src/**/*.{ts,tsx}'], ignores: CONTRACT },
  { name: 'contract', files: CONTRACT },
  { name: 'server', files: ['server/**/*.ts'] },
];
const BROWSER = [...APPS, 'shared', 'contract'];
const SHARED = ['shared', 'contract'];

/**
 * The architecture's forbidden imports, each with the scopes it holds in: an app never imports
 * another app (remotes are loaded at run time), shared never imports an app or the server, the
 * contract stays framework-free, the server imports only the contract of shared, and the
 * browser code takes the router from react-router-dom alone.
 */
const BANS = [
  ...APPS.map((app) => ({
    scopes: [app],
    patterns: [...APPS.filter((other) => other !== app), 'server'].map((other) => ({
      group: [`**/${other}/**`],
      message: 'Apps share code through @auditdesk/shared; remotes are loaded at run time, never imported.',
    })),
  })),
  {
    scopes: SHARED,
    patterns: [
      {
        group: [...APPS, 'server'].map((app) => `**/${app}/**`),
        message: 'shared is what the apps use; it never imports one of them.',
      },
    ],
  },
  {
    scopes: ['contract'],
    patterns: [
      {
        group: ['react', 'react-*', '@mantine/*', '@tanstack/*', 'zustand', '@microsoft/signalr'],
        message: 'The contract is framework-free: the server imports it.',
      },
    ],
  },
  {
    scopes: ['server'],
    patterns: [
      {
        group: ['**/shared/src/**', ...APPS.map((app) => `**/${app}/**`)],
        message: 'The server imports only the contract: @auditdesk/shared/core.',
      },
      {
        regex: '^@auditdesk/shared(?!/core$)',
        message: 'The server imports only the contract: @auditdesk/shared/core.',
      },
    ],
  },
  {
    // Only react-router-dom is shared between host and remotes (it carries react-router
    // inside, cut to what the apps use): importing react-router itself would put a
    // second router, with its own context, on the page.
    scopes: BROWSER,
    paths: [{ name: 'react-router', message: 'Import the router from react-router-dom.' }],
  },
];

/** One block per scope, with every ban that holds in it. */
const boundaries = SCOPES.map(({ name, files, ignores }) => {
  const bans = BANS.filter((ban) => ban.scopes.includes(name));
  return {
    files,
    ...(ignores && { ignores }),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: bans.flatMap((ban) => ban.paths ?? []),
          patterns: bans.flatMap((ban) => ban.patterns ?? []),
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'data/**',
      'server/drizzle/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaries,
  {
    // the server's features and shared's folders, each tree in its layers (importLayers.cjs)
    files: importLayers.TREES.map((tree) => `${tree.source}/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { layers: importLayers.importLayersPlugin },
    rules: { 'layers/imports-point-down': 'error' },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ['scripts/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'scripts/jest/**', 'server/test/**'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
