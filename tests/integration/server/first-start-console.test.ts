import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '../../support/process';

// The console of a first `npm start` as an operator sees it in a log file or a process manager (a pipe,
// not a terminal): no client build yet, no data yet. It says that the app is being built, then only the
// server's own lines: where it runs, the demo accounts, and errors if there are any.

// eslint-disable-next-line no-control-regex -- the escape character is what the test looks for
const ANSI_ESCAPE = /\u001b\[/;

describe('the first npm start', () => {
  let dataDir: string;
  let distDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'krym-first-start-data-'));
    // An empty build folder: the client is missing, so the start builds it as on a fresh checkout.
    distDir = await mkdtemp(join(tmpdir(), 'krym-first-start-dist-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(distDir, { recursive: true, force: true });
  });

  it('builds the client quietly and prints only the operator lines, with no colour codes', async () => {
    const product = await startProduct({ DATA_DIR: dataDir, DIST_DIR: distDir, FORCE_COLOR: '' }, 240_000);
    try {
      // The build really ran, and what it built is served.
      expect((await fetch(product.url)).status).toBe(200);
    } finally {
      await product.stop('SIGTERM');
    }
    const output = product.output();
    expect(output).toContain('building the app…');
    expect(output).toMatch(/ready on http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toContain('demo seller: seller@example.ru');

    expect(output).not.toMatch(/deprecated/i);
    expect(output).not.toMatch(ANSI_ESCAPE);
    // No bundler report: no progress lines, chunk sizes or plugin timings between the lines above.
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    const notOperatorLines = lines.filter((line) => line !== 'building the app…' && !isLogLine(line));
    expect(notOperatorLines).toEqual([]);
  }, 300_000);
});

/** A line of the server's structured log (pino's JSON). */
function isLogLine(line: string): boolean {
  try {
    const parsed = JSON.parse(line) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'msg' in parsed;
  } catch {
    return false;
  }
}
