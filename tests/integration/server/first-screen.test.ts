import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excursionCount } from '../../../src/client/app/components/lists/counts';
import { EXCURSION } from '../../../src/client/app/pages/excursion/strings';
import { loadConfig } from '../../../src/server/config';
import { firstScreens } from '../../../src/server/http/first-screen';
import { createLogger } from '../../../src/server/log';
import { startServer, type RunningServer } from '../../../src/server/main';
import { rawGet } from '../../support/raw-get';

// A first visit's first screen drawn by the server (src/server/http/first-screen.ts) from the built
// renderer (src/client/app/ssr/render.tsx), on the demo catalogue: the screen's content is in the
// HTML with the CSS it needs inline, the app's root waits hidden, nothing the CSP refuses is in it, and the
// renderer and the build's manifest are never served.

const ROOT = resolve(import.meta.dirname, '../../..');
let work: string;
let dist: string;
let server: RunningServer;

interface Listed {
  _id: string;
  title: string;
}

async function page(path: string): Promise<{ status: number; html: string; type: string | null }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text(), type: response.headers.get('content-type') };
}

/** The part of the page the server drew. */
function drawn(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="first-screen-data">');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

async function listed(): Promise<Listed[]> {
  const body = (await (await fetch(`${server.url}/api/excursions`)).json()) as { excursions: Listed[] };
  return body.excursions;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'krym-first-screen-'));
  dist = join(work, 'dist');
  await build({ root: ROOT, logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
  server = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), LOG_LEVEL: 'error' }),
    { distDir: dist },
  );
});

afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

describe('first screens drawn by the server', () => {
  it('draws the list count and the first cards of /excursions', async () => {
    const { status, html, type } = await page('/excursions');
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    const screen = drawn(html);
    const excursions = await listed();
    expect(excursions.length).toBeGreaterThan(5);
    // The list's count, then its first cards (the list draws the rest as the tourist scrolls).
    expect(screen).toContain(excursionCount(excursions.length));
    const titles = new Map(excursions.map(({ _id, title }) => [_id, title]));
    const cards = [
      ...screen.matchAll(/<a class="card-body" href="\/excursion\/([0-9a-f]{24})"[^>]*><h3>([^<]+)<\/h3>/g),
    ];
    expect(cards.length).toBeGreaterThanOrEqual(Math.min(5, excursions.length));
    for (const [, id, title] of cards) expect(titles.get(id ?? '')).toBe(title);
  });

  it('embeds the data it drew the screen from, for the app to take the screen over', async () => {
    const before = Date.now();
    const { html } = await page('/excursions?sort=cheaper');
    const text = /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(text ?? 'null') as {
      now: number;
      catalogue: { excursions: { _id: string }[] };
      places: unknown[];
      cities: unknown[];
    };
    expect(data.now).toBeGreaterThanOrEqual(before - 60_000);
    expect(data.now).toBeLessThanOrEqual(Date.now());
    expect(data.catalogue.excursions.map(({ _id }) => _id).sort()).toEqual(
      (await listed()).map(({ _id }) => _id).sort(),
    );
    expect(data.places.length).toBeGreaterThan(0);
    expect(data.cities.length).toBeGreaterThan(0);
    // The excursion page also carries that excursion's page data, keyed by its id.
    const [first] = await listed();
    const detailPage = (await page(`/excursion/${first?._id}`)).html;
    const detail = /id="first-screen-data">(.*?)<\/script>/s.exec(detailPage)?.[1] ?? 'null';
    expect((JSON.parse(detail) as { detail: { id: string } }).detail.id).toBe(first?._id);
  });

  it('inlines the style sheets the screen needs (each allowed by its hash) and boots the app after', async () => {
    const response = await fetch(`${server.url}/excursions`);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(html).not.toContain('rel="stylesheet"');
    const sheets = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1] ?? '');
    // The shell's sheet and the list page's chunks' sheets.
    expect(sheets.length).toBeGreaterThan(1);
    expect(sheets.join('')).toContain('.excursion-card');
    const hashes = sheets.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    const styleSrc = policy.split(';').find((part) => part.trim().startsWith('style-src')) ?? '';
    expect(
      styleSrc
        .trim()
        .split(' ')
        .filter((word) => word.startsWith("'sha256-")),
    ).toEqual(hashes);
    expect(policy).not.toContain('unsafe-inline');
    // The app's code is asked for by the boot script after the first paint, not beside the document.
    const entry = /<meta name="app-entry" content="(\/assets\/index-[\w-]+\.js)">/.exec(html)?.[1];
    const boot = /<script type="module" crossorigin src="(\/assets\/boot-[\w-]+\.js)"><\/script>/.exec(
      html,
    )?.[1];
    expect(entry).toBeDefined();
    expect(boot).toBeDefined();
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain(`src="${entry}"`);
    for (const script of [entry, boot]) expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    // A page without a drawn screen links its sheet and allows no inline one.
    const plain = await fetch(`${server.url}/about`);
    expect(await plain.text()).toContain('rel="stylesheet"');
    expect(plain.headers.get('content-security-policy')).not.toContain('sha256-');
  });

  it("draws an excursion page with the excursion's title and price, and 'not found' for an unknown id", async () => {
    const [first] = await listed();
    if (!first) throw new Error('the demo catalogue is empty');
    const screen = drawn((await page(`/excursion/${first._id}`)).html);
    expect(screen).toMatch(new RegExp(`<h1>${first.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(screen).toContain('data-testid="price-current"');
    const unknown = drawn((await page('/excursion/ffffffffffffffffffffffff')).html);
    expect(unknown).toContain(EXCURSION.notFound);
    expect(unknown).not.toContain('excursion-page');
  });

  it('draws the home screen with its popular row; other routes get the plain shell', async () => {
    const home = drawn((await page('/')).html);
    expect(home).toContain('hero-title');
    expect(home).toMatch(/class="excursion-card"/);
    for (const path of ['/about', '/schedule', '/profile/login', '/excursions/date', '/excursions/beaches']) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).not.toContain('id="first-screen-data"');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('puts nothing in the HTML that the Content-Security-Policy refuses', async () => {
    const [first] = await listed();
    for (const path of ['/', '/excursions', `/excursion/${first?._id}`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('content-security-policy')).toContain("style-src 'self'");
      const screen = drawn(await response.text());
      expect(screen).not.toMatch(/\sstyle="/);
      expect(screen).not.toMatch(/<script/i);
    }
  });

  it('never serves the renderer or the manifest of the build', async () => {
    for (const path of ['/.ssr/render.js', '/.vite/manifest.json', '/assets/../.ssr/render.js']) {
      expect((await page(path)).status).toBe(404);
    }
  });

  it("sends the app's scripts and style sheets as the build compressed them, in Brotli where accepted", async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    let compressed = 0;
    for (const file of new Set(files)) {
      const plain = await rawGet(`${server.url}${file}`);
      expect(plain.status, file).toBe(200);
      if (plain.body.length < 1024) continue;
      const answer = await rawGet(`${server.url}${file}`, 'gzip, deflate, br');
      expect(answer.headers['content-encoding'], file).toBe('br');
      expect(brotliDecompressSync(answer.body).equals(plain.body), file).toBe(true);
      compressed += 1;
    }
    expect(compressed).toBeGreaterThan(1);
  });

  it('has its snapshot of the catalogue ready before the first visitor, after the warm-up', async () => {
    // The server's own database, with this instance's statements counted.
    let statements = 0;
    const db = new Proxy(server.db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'query' || key === 'transaction') statements += 1;
          return (value as (...rest: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const log = createLogger('silent');
    const screens = firstScreens({ db, events: server.events, now: () => new Date(), log }, dist, {
      warmUpDelayMs: 0,
    });
    await screens.warmedUp;
    expect(statements).toBeGreaterThan(0);
    const before = statements;
    const template = await readFile(join(dist, 'index.html'), 'utf8');
    const [first] = await listed();
    for (const path of ['/', '/excursions', `/excursion/${first?._id}`]) {
      const drawnPage = await screens.render(path, template);
      expect(drawn(drawnPage?.html ?? '')).toContain('class="');
    }
    // The first visits were drawn from the snapshot the warm-up built: not one statement more.
    expect(statements).toBe(before);
  });

  it('serves the plain shell when the build has no renderer', async () => {
    await rm(join(dist, '.ssr'), { recursive: true, force: true });
    const plain = await startServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, 'data-plain'), LOG_LEVEL: 'error' }),
      { distDir: dist },
    );
    try {
      const html = await (await fetch(`${plain.url}/excursions`)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="first-screen-data"');
    } finally {
      await plain.close();
    }
  });
});
