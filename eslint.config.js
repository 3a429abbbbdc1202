// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports point one way (ARCHITECTURE.md): domain ← protocol ← {client, server}; client/app → client/sync →
// client/db; screens never import the HTTP client. These rules make that a build failure, not a hope.
//
// Layers are zones of folders: an import is judged by the file it resolves to, so `../../sync/cursor`
// and `src/client/sync/cursor` are the same import. Packages and Node's modules have no folder of ours,
// so they stay with `no-restricted-imports`, matched on the specifier.

// Paths are resolved against this file's folder, not the working directory, so the rules hold from any
// cwd and in a copy of the tree (tests/unit/lint-layers.test.ts lints one).
const root = import.meta.dirname;

// Matched as a regex on the whole specifier, so a local file named http.ts is not mistaken for `http`.
const NODE_BUILTINS_REGEX =
  '^(node:.*|fs|fs/.*|path|os|crypto|http|https|http2|net|stream|child_process|url|util|zlib|buffer|events|worker_threads)$';

/** @param {({ group: string[], message: string } | { regex: string, message: string })[]} patterns */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const NO_NODE_IN_BROWSER = { regex: NODE_BUILTINS_REGEX, message: 'No Node API in the browser.' };

const UI_AND_IO = [
  {
    group: ['react', 'react-*', 'react/*', 'dexie', 'dexie-*'],
    message: 'No UI or storage here: keep this layer pure.',
  },
  { regex: NODE_BUILTINS_REGEX, message: 'No Node API here: this layer runs in the browser too.' },
  {
    group: ['hono', 'hono/*', '@hono/*', 'pg', '@electric-sql/*', 'ws', 'nodemailer', 'jose'],
    message: 'No server libraries here.',
  },
];

// The server's layers below its routes: they never see HTTP.
const SERVER_BELOW_HTTP = ['services', 'storage', 'payments', 'realtime', 'media', 'mail'].map(
  (folder) => `src/server/${folder}`,
);

/**
 * One zone: files under `target` may not import files under `from`. Folders are relative to this file;
 * a folder that does not exist yet simply matches nothing.
 * @type {{ target: string | string[], from: string | string[], except?: string[], message: string }[]}
 */
const ZONES = [
  {
    target: 'src/domain',
    from: ['src/protocol', 'src/client', 'src/server', 'sw', 'scripts', 'tests'],
    message: 'domain imports nothing but itself.',
  },
  {
    target: 'src/protocol',
    from: ['src/client', 'src/server', 'sw', 'scripts', 'tests'],
    message: 'protocol depends on domain only.',
  },
  { target: 'src/client', from: 'src/server', message: 'The client never imports server code.' },
  { target: 'src/server', from: 'src/client', message: 'The server never imports client code.' },
  { target: 'sw', from: ['src/server', 'src/client/app'], message: 'The worker stays small.' },
  {
    target: 'src/client/app',
    from: 'src/client/api',
    message: 'Screens read the replica (client/db hooks) and act through client/sync, never the HTTP client.',
  },
  {
    target: 'src/client/db',
    from: ['src/client/app', 'src/client/sync', 'src/client/commands', 'src/client/boot', 'src/client/api'],
    message: 'db is the bottom client layer.',
  },
  {
    target: ['src/client/sync', 'src/client/commands', 'src/client/api'],
    from: 'src/client/app',
    message: 'sync, commands and api know nothing of screens.',
  },
  {
    target: SERVER_BELOW_HTTP,
    from: 'src/server/http',
    message: 'Services and adapters know nothing of HTTP: routes call them, not the other way.',
  },
  {
    // Everything of ours but start-up (main.ts, cli.ts) and demo/ itself; tests and scripts may.
    target: [
      'src/server/!(demo)/**',
      'src/server/!(main|cli).ts',
      'src/client/**',
      'src/domain/**',
      'src/protocol/**',
      'sw/**',
    ],
    from: 'src/server/demo',
    message: 'Demo data is wired in at start-up only (src/server/main.ts, src/server/cli.ts).',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'tests/e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: ZONES }],
      // Packages are leaves here: following them would only cost time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict([...UI_AND_IO, { group: ['zod'], message: 'domain imports nothing but itself.' }]),
  },
  { files: ['src/protocol/**/*.ts'], rules: restrict(UI_AND_IO) },
  { files: ['src/client/**/*.{ts,tsx}'], rules: restrict([NO_NODE_IN_BROWSER]) },
  {
    files: ['src/client/sync/**/*.ts', 'src/client/commands/**/*.ts', 'src/client/api/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react-*'], message: 'sync, commands and api know nothing of screens.' },
      NO_NODE_IN_BROWSER,
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react-*', 'dexie', 'dexie-*'], message: 'The server never imports client code.' },
    ]),
  },
  {
    files: ['sw/**/*.ts'],
    rules: restrict([{ group: ['react', 'react-*'], message: 'The worker stays small.' }]),
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
