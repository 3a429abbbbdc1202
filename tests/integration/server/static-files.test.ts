import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../src/server/http/precompressed';
import { rawGet } from '../../support/raw-get';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// The build's hashed files go in the encoding the build compressed them in (Brotli, else gzip) where
// the client accepts it, the same bytes once decoded; anything else as before: compressed per request
// where asked, or as it is.

/** The body as the client reads it after undoing the answer's Content-Encoding. */
function decoded(answer: { headers: Record<string, unknown>; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  if (encoding === 'deflate') return inflateSync(answer.body).toString();
  expect(encoding).toBeUndefined();
  return answer.body.toString();
}

describe.each(ONE_ENGINE)('the built files (%s)', (engine) => {
  let server: TestServer;
  let dist: string;
  const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'строка ${i}';`).join('\n');
  const tiny = 'export const tiny = 1;';
  const worker = `self.addEventListener('fetch', () => {});\n`.repeat(60);

  beforeAll(async () => {
    // A stand-in for the built client, compressed by the build's own step (scripts/vite/precompress.ts).
    dist = await mkdtemp(join(tmpdir(), 'krym-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dist, 'assets/app-Hash1.js'), script);
    await writeFile(join(dist, 'assets/tiny-Hash2.js'), tiny);
    await writeFile(join(dist, 'sw.js'), worker);
    expect(await precompressFiles(dist, ['assets/app-Hash1.js', 'assets/tiny-Hash2.js'])).toBe(2);
    server = await startTestServer(engine, { env: { DEMO_DATA: 'off' }, distDir: dist });
  });
  afterAll(async () => {
    await server?.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed script in Brotli to a browser that accepts it, the same script once decoded', async () => {
    const answer = await rawGet(`${server.url}/assets/app-Hash1.js`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(decoded(answer)).toBe(script);
  });

  it('sends gzip where Brotli is not accepted or weighed lower, and the file as it is where nothing is', async () => {
    for (const accepted of ['gzip', 'br;q=0.5, gzip', 'gzip, br;q=0']) {
      const answer = await rawGet(`${server.url}/assets/app-Hash1.js`, accepted);
      expect(answer.headers['content-encoding'], accepted).toBe('gzip');
      expect(decoded(answer), accepted).toBe(script);
    }
    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const answer = await rawGet(`${server.url}/assets/app-Hash1.js`, accepted);
      expect(answer.headers['content-encoding'], accepted).toBeUndefined();
      expect(answer.body.toString(), accepted).toBe(script);
    }
  });

  it('compresses per request what the build did not: another encoding, a small file, the worker', async () => {
    const deflated = await rawGet(`${server.url}/assets/app-Hash1.js`, 'deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(decoded(deflated)).toBe(script);
    // Too small for a copy of its own (precompressFiles wrote two copies, both of the script).
    const small = await rawGet(`${server.url}/assets/tiny-Hash2.js`, 'br, gzip');
    expect(small.headers['content-encoding']).not.toBe('br');
    expect(decoded(small)).toBe(tiny);
    const sw = await rawGet(`${server.url}/sw.js`, 'br, gzip');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(decoded(sw)).toBe(worker);
  });

  it('serves a compressed copy only in its encoding, never by its own name as a script', async () => {
    const copy = await rawGet(`${server.url}/assets/app-Hash1.js.br`, 'br');
    expect(copy.headers['content-type']).not.toContain('javascript');
  });
});
