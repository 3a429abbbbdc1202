// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports point one way (ARCHITECTURE.md): domain ← protocol ← {client, server}; client/app → client/sync →
// client/db; screens never import the HTTP client. These rules make that a build failure, not a hope.

// Matched as a regex on the whole specifier, so a local file named http.ts is not mistaken for `http`.
const NODE_BUILTINS_REGEX =
  '^(node:.*|fs|fs/.*|path|os|crypto|http|https|http2|net|stream|child_process|url|util|zlib|buffer|events|worker_threads)$';

/** @param {({ group: string[], message: string } | { regex: string, message: string })[]} patterns */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict([
      ...UI_AND_IO,
      {
        group: ['**/protocol/**', '**/client/**', '**/server/**', 'zod'],
        message: 'domain imports nothing but itself.',
      },
    ]),
  },
  {
    files: ['src/protocol/**/*.ts'],
    rules: restrict([
      ...UI_AND_IO,
      { group: ['**/client/**', '**/server/**'], message: 'protocol depends on domain only.' },
    ]),
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['**/server/**'], message: 'The client never imports server code.' },
      { regex: NODE_BUILTINS_REGEX, message: 'No Node API in the browser.' },
    ]),
  },
  {
    files: ['src/client/app/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['**/server/**'], message: 'The client never imports server code.' },
      { regex: NODE_BUILTINS_REGEX, message: 'No Node API in the browser.' },
      {
        group: ['**/client/api/**', '**/api/*'],
        message:
          'Screens read the replica (client/db hooks) and act through client/sync, never the HTTP client.',
      },
    ]),
  },
  {
    files: ['src/client/db/**/*.ts'],
    rules: restrict([
      {
        group: ['**/server/**', '**/client/app/**', '**/client/sync/**', '**/client/api/**'],
        message: 'db is the bottom client layer.',
      },
      { regex: NODE_BUILTINS_REGEX, message: 'No Node API in the browser.' },
    ]),
  },
  {
    files: ['src/client/sync/**/*.ts', 'src/client/api/**/*.ts'],
    rules: restrict([
      {
        group: ['**/server/**', '**/client/app/**', 'react', 'react-*'],
        message: 'sync and api know nothing of screens.',
      },
      { regex: NODE_BUILTINS_REGEX, message: 'No Node API in the browser.' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([
      {
        group: ['**/client/**', 'react', 'react-*', 'dexie', 'dexie-*'],
        message: 'The server never imports client code.',
      },
    ]),
  },
  {
    files: ['sw/**/*.ts'],
    rules: restrict([
      { group: ['**/server/**', '**/client/app/**', 'react', 'react-*'], message: 'The worker stays small.' },
    ]),
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
