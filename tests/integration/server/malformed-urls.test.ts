import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/server/log';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// Addresses whose percent escapes do not decode (a lone %, a byte that is not UTF-8, a cut-off
// sequence) are bad requests, refused before any route or file lookup tries to decode them.

const MALFORMED = [
  '/%ff',
  '/%',
  '/excursion/%ff',
  '/profile/%E0%A4%A',
  '/api/excursions/%ff',
  '/api/excursions/%ff/tours',
  '/api/images/%E0%A4%A',
  '/api/users/%c0',
  '/auth/%',
  '/assets/%ff.js',
];

describe.each(ONE_ENGINE)('malformed addresses (%s)', (engine) => {
  let server: TestServer;
  let dist: string;
  const errors: string[] = [];
  const logger: Logger = {
    error: (message, extra) => errors.push(`${message} ${extra instanceof Error ? extra.stack : ''}`),
    info: () => undefined,
    debug: () => undefined,
  };

  beforeAll(async () => {
    // A stand-in for the built client: the app's shell is all the page routes serve.
    dist = await mkdtemp(join(tmpdir(), 'krym-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    server = await startTestServer(engine, { env: { DEMO_DATA: 'off' }, distDir: dist, logger });
  });
  afterAll(async () => {
    await server?.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(MALFORMED)('answers %s with 400 and a Russian detail, logging nothing', async (path) => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(400);
      const body = (await response.json()) as { detail?: string };
      expect(body.detail).toBe('Некорректный адрес запроса');
    }
    expect(errors).toEqual([]);
  });

  it('refuses only what does not decode: well-formed escapes reach the shell and the routes', async () => {
    expect((await fetch(`${server.url}/excursion/%D0%BA%ff`)).status).toBe(400);
    const page = await fetch(`${server.url}/excursion/%D0%BA%D1%80%D1%8B%D0%BC`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // Decoded, the id is simply not an excursion's: the route's own refusal, not the address's.
    const unknown = await fetch(`${server.url}/api/excursions/%D0%BA%D1%80%D1%8B%D0%BC`);
    expect([400, 404]).toContain(unknown.status);
    expect(((await unknown.json()) as { detail: string }).detail).not.toBe('Некорректный адрес запроса');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(errors).toEqual([]);
  });
});
