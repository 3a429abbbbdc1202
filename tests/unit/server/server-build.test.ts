import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, isServerBundleStale, serverBundlePath } from '../../../scripts/server-build';
import { ROOT } from '../../support/process';

// `npm start` runs the server from a bundle rebuilt only when a file it came from changed. Checked on a
// small checkout of its own, so no test touches the real sources (that would rebuild the client).

let root: string;
let bundle: string;

async function write(path: string, text: string): Promise<void> {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
}

/** Sets a file's modification time `seconds` from now. */
async function touch(path: string, seconds: number): Promise<void> {
  const at = new Date(Date.now() + seconds * 1000);
  await utimes(join(root, path), at, at);
}

const FILES = [
  'package.json',
  'tsconfig.json',
  'src/server/cli.ts',
  'src/server/greeting.ts',
  'src/client/app.ts',
];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'krym-server-build-'));
  bundle = join(root, 'out', 'server.mjs');
  await write('package.json', '{"type":"module"}');
  await write('tsconfig.json', '{}');
  await write(
    'src/server/cli.ts',
    "import { greeting } from './greeting';\nexport async function runFromEnvironment(dir: string): Promise<string> {\n  return `${greeting} ${dir}`;\n}\n",
  );
  await write('src/server/greeting.ts', "export const greeting: string = 'ready on';\n");
  await write('src/client/app.ts', 'export const unrelated = 1;\n');
  // Written a minute ago, so a build now is newer than all of them.
  for (const file of FILES) await touch(file, -60);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the server bundle of npm start', () => {
  it('is stale until built, then runs the server entry from one file', async () => {
    expect(isServerBundleStale(root, bundle)).toBe(true);
    await buildServer(root, bundle);
    expect(isServerBundleStale(root, bundle)).toBe(false);
    const server = (await import(pathToFileURL(bundle).href)) as {
      runFromEnvironment(dir: string): Promise<string>;
    };
    expect(await server.runFromEnvironment('dist')).toBe('ready on dist');
    // Nothing is left aside from the write.
    expect(existsSync(`${bundle}.${process.pid}.tmp`)).toBe(false);
  });

  it('is rebuilt after a change to a file it imports, to the settings, or when an import is gone', async () => {
    await buildServer(root, bundle);
    await touch('src/client/app.ts', 5);
    expect(isServerBundleStale(root, bundle)).toBe(false);
    for (const file of ['src/server/greeting.ts', 'src/server/cli.ts', 'tsconfig.json', 'package.json']) {
      await touch(file, 5);
      expect(isServerBundleStale(root, bundle), file).toBe(true);
      await touch(file, -60);
      expect(isServerBundleStale(root, bundle), file).toBe(false);
    }
    await rm(join(root, 'src/server/greeting.ts'));
    expect(isServerBundleStale(root, bundle)).toBe(true);
  });

  it('carries the migrations inside itself, and is rebuilt when a migration is added or changed', async () => {
    const reader = 'src/server/storage/migration-files.ts';
    await write(reader, await readFile(join(ROOT, reader), 'utf8'));
    await write('src/server/storage/migrations/0001-first.sql', '-- name: first\nCREATE TABLE a (id int);\n');
    await write(
      'src/server/cli.ts',
      "import { readMigrationFiles } from './storage/migration-files';\nexport async function runFromEnvironment(): Promise<string[]> {\n  return readMigrationFiles().map(({ file, text }) => `${file}: ${text}`);\n}\n",
    );
    for (const file of [reader, 'src/server/cli.ts', 'src/server/storage/migrations/0001-first.sql']) {
      await touch(file, -60);
    }
    await touch('src/server/storage/migrations', -60);
    await buildServer(root, bundle);
    expect(isServerBundleStale(root, bundle)).toBe(false);

    await touch('src/server/storage/migrations/0001-first.sql', 5);
    expect(isServerBundleStale(root, bundle)).toBe(true);
    await touch('src/server/storage/migrations/0001-first.sql', -60);
    expect(isServerBundleStale(root, bundle)).toBe(false);
    await write('src/server/storage/migrations/0002-second.sql', '-- name: second\n');
    expect(isServerBundleStale(root, bundle)).toBe(true);

    // The folder is not read when the bundle runs.
    await rm(join(root, 'src/server/storage/migrations'), { recursive: true });
    const server = (await import(pathToFileURL(bundle).href)) as {
      runFromEnvironment(): Promise<string[]>;
    };
    expect(await server.runFromEnvironment()).toEqual([
      '0001-first.sql: -- name: first\nCREATE TABLE a (id int);\n',
    ]);
  });

  it('lives inside the checkout, where its imports of packages find node_modules', () => {
    expect(serverBundlePath(ROOT).startsWith(join(ROOT, 'node_modules'))).toBe(true);
  });
});
