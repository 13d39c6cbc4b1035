import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import serverLayers from './scripts/eslint/serverLayers.cjs';

const APPS = ['host', 'remote-leads', 'remote-scheduling', 'remote-sync', 'remote-admin'];
const restrict = (groups, message, regex) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [...groups.map((group) => ({ group, message })), ...(regex ? [{ regex, message }] : [])] },
  ],
});

/**
 * The architecture's forbidden imports: an app never imports another app (remotes are
 * loaded at run time), shared never imports an app or the server, and the server imports
 * only the framework-free contract of shared.
 */
const boundaries = [
  ...APPS.map((app) => ({
    files: [`${app}/src/**/*.{ts,tsx}`],
    rules: restrict(
      [...APPS.filter((other) => other !== app), 'server'].map((other) => [`**/${other}/**`]),
      'Apps share code through @auditdesk/shared; remotes are loaded at run time, never imported.',
    ),
  })),
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: restrict(
      [...APPS, 'server'].map((app) => [`**/${app}/**`]),
      'shared is what the apps use; it never imports one of them.',
    ),
  },
  {
    files: ['shared/src/contract/**/*.ts', 'shared/src/core.ts'],
    rules: restrict(
      [['react', 'react-*', '@mantine/*', '@tanstack/*', 'zustand', '@microsoft/signalr']],
      'The contract is framework-free: the server imports it.',
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict(
      [['**/shared/src/**'], APPS.map((app) => `**/${app}/**`)],
      'The server imports only the contract: @auditdesk/shared/core.',
      '^@auditdesk/shared(?!/core$)',
    ),
  },
];

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
    // Only react-router-dom is shared between host and remotes (it carries react-router
    // inside, cut to what the apps use): importing react-router itself would put a
    // second router, with its own context, on the page.
    files: ['host/src/**', 'remote-*/src/**', 'shared/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: 'Import the router from react-router-dom.' }] },
      ],
    },
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaries,
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { layers: serverLayers.serverLayersPlugin },
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
