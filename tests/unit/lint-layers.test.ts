import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, run on a small tree of their own in a temporary folder: the
// checkout's config beside it, its node_modules linked in. The live src/ plays no part, so these hold
// whatever state it is in.

const repo = resolve(import.meta.dirname, '../..');

/** A clean tree: every import points the way the layers allow. */
const CLEAN: Record<string, string> = {
  'src/domain/price.ts': 'export const price = 1;\n',
  'src/protocol/wire.ts': "import { price } from '../domain/price';\nexport const wire = price;\n",
  'src/client/db/tables.ts': "import { wire } from '../../protocol/wire';\nexport const tables = wire;\n",
  'src/client/sync/cursor.ts': "import { tables } from '../db/tables';\nexport const cursor = tables;\n",
  'src/client/api/http.ts': "import { wire } from '../../protocol/wire';\nexport const http = wire;\n",
  'src/client/app/screen.ts':
    "import { tables } from '../db/tables';\nimport { cursor } from '../sync/cursor';\nexport const screen = [tables, cursor];\n",
  'src/server/http/errors.ts': 'export class HttpError extends Error {}\n',
  'src/server/services/tours.ts':
    "import { price } from '../../domain/price';\nexport const tours = price;\n",
  'src/server/http/routes.ts':
    "import { tours } from '../services/tours';\nimport { HttpError } from './errors';\nexport const routes = [tours, HttpError];\n",
  'src/server/demo/catalogue.ts':
    "import { price } from '../../domain/price';\nexport const catalogue = [price];\n",
  'src/server/main.ts':
    "import { catalogue } from './demo/catalogue';\nimport { routes } from './http/routes';\nexport const main = [catalogue, routes];\n",
  'sw/sw.ts': "import { wire } from '../src/protocol/wire';\nexport const sw = wire;\n",
};

let dir = '';
let eslint: ESLint;

const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

/** Lints `files` written beside the clean tree, then takes them away again. */
async function lintAdded(files: Record<string, string>): Promise<Linter.LintMessage[]> {
  write(files);
  try {
    const results = await eslint.lintFiles(Object.keys(files));
    return results.flatMap((result) => result.messages);
  } finally {
    for (const path of Object.keys(files)) rmSync(join(dir, path));
  }
}

const zoneErrors = (messages: Linter.LintMessage[]) =>
  messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lint-layers-'));
  copyFileSync(join(repo, 'eslint.config.js'), join(dir, 'eslint.config.js'));
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  write(CLEAN);
  eslint = new ESLint({ cwd: dir, overrideConfigFile: join(dir, 'eslint.config.js') });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('lint: layers by path', () => {
  it('passes a tree whose imports follow the layers', async () => {
    const results = await eslint.lintFiles(['src', 'sw']);
    expect(results.flatMap((result) => result.messages)).toEqual([]);
    expect(results.length).toBe(Object.keys(CLEAN).length);
  });

  it('fails domain importing the client', async () => {
    const messages = await lintAdded({
      'src/domain/bad.ts': "import { cursor } from '../client/sync/cursor';\nexport const bad = cursor;\n",
    });
    expect(zoneErrors(messages)).toEqual([expect.stringContaining('domain imports nothing but itself')]);
  });

  it('fails protocol importing the server', async () => {
    const messages = await lintAdded({
      'src/protocol/bad.ts': "import { tours } from '../server/services/tours';\nexport const bad = tours;\n",
    });
    expect(zoneErrors(messages)).toEqual([expect.stringContaining('protocol depends on domain only')]);
  });

  it('fails a server service importing http/', async () => {
    const messages = await lintAdded({
      'src/server/services/bad.ts':
        "import { HttpError } from '../http/errors';\nexport const bad = new HttpError();\n",
    });
    expect(zoneErrors(messages)).toEqual([
      expect.stringContaining('Services and adapters know nothing of HTTP'),
    ]);
  });

  it('fails db reaching into sync by a relative path no specifier pattern names', async () => {
    const messages = await lintAdded({
      'src/client/db/queries/bad.ts':
        "import { cursor } from '../../sync/cursor';\nexport const bad = cursor;\n",
    });
    expect(zoneErrors(messages)).toEqual([expect.stringContaining('db is the bottom client layer')]);
  });

  it('fails a screen importing the HTTP client', async () => {
    const messages = await lintAdded({
      'src/client/app/pages/bad.ts': "import { http } from '../../api/http';\nexport const bad = http;\n",
    });
    expect(zoneErrors(messages)).toEqual([expect.stringContaining('never the HTTP client')]);
  });

  it('fails client and server importing each other, and the worker importing the server', async () => {
    const messages = await lintAdded({
      'src/client/sync/bad.ts':
        "import { tours } from '../../server/services/tours';\nexport const bad = tours;\n",
      'src/server/services/bad.ts':
        "import { tables } from '../../client/db/tables';\nexport const bad = tables;\n",
      'sw/bad.ts': "import { tours } from '../src/server/services/tours';\nexport const bad = tours;\n",
    });
    expect(zoneErrors(messages)).toEqual([
      expect.stringContaining('The client never imports server code'),
      expect.stringContaining('The server never imports client code'),
      expect.stringContaining('The worker stays small'),
    ]);
  });

  it('fails demo data imported past start-up', async () => {
    const messages = await lintAdded({
      'src/server/storage/bad.ts':
        "import { catalogue } from '../demo/catalogue';\nexport const bad = catalogue;\n",
    });
    expect(zoneErrors(messages)).toEqual([expect.stringContaining('Demo data is wired in at start-up only')]);
  });

  it('fails a two-file import cycle', async () => {
    const messages = await lintAdded({
      'src/domain/ping.ts': "import { pong } from './pong';\nexport const ping = (): number => pong();\n",
      'src/domain/pong.ts': "import { ping } from './ping';\nexport const pong = (): number => ping();\n",
    });
    expect(messages.filter((message) => message.ruleId === 'import-x/no-cycle')).toHaveLength(2);
  });
});
