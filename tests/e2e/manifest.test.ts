import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precacheBytes } from '../bench/precache';
import { appDrawn, launchBrowser, PHONE_CONTEXT, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

// The web app manifest as the built product serves it, read the way a browser installing the app does.

const baseUrl = product('baseUrl');
/** The service worker's precache budget: what a phone downloads on install (SPEC). */
const PRECACHE_BUDGET = 1_048_576;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  form_factor?: string;
  label?: string;
}

interface Manifest {
  orientation?: string;
  categories?: string[];
  screenshots?: ManifestImage[];
  shortcuts?: { name: string; url: string; icons?: ManifestImage[] }[];
}

/** A PNG's width and height, from its IHDR chunk (bytes 16–23, big-endian), as "W×H". */
async function pngSize(path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toContain('image/png');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(1, 4).toString('latin1'), path).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

const manifest = async (): Promise<Manifest> =>
  (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as Manifest;

describe('the web app manifest', () => {
  it('declares a narrow and a wide screenshot, each a PNG of its declared size', async () => {
    const { screenshots = [] } = await manifest();
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) {
      expect(shot.type).toBe('image/png');
      expect(shot.label).toBeTruthy();
      expect(await pngSize(shot.src)).toBe(shot.sizes);
    }
    const [narrow] = screenshots.filter((shot) => shot.form_factor === 'narrow');
    const [width = 0, height = 0] = (narrow?.sizes ?? '').split('x').map(Number);
    expect(height).toBeGreaterThan(width);
  });

  it('offers shortcuts to the excursions, the schedule and the tickets, with their icons', async () => {
    const { shortcuts = [], categories } = await manifest();
    expect(shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Экскурсии', '/excursions'],
      ['Расписание', '/schedule'],
      ['Мои билеты', '/profile/tickets'],
    ]);
    for (const shortcut of shortcuts) {
      expect(shortcut.icons?.length).toBeGreaterThan(0);
      for (const icon of shortcut.icons ?? []) expect(await pngSize(icon.src)).toBe(icon.sizes);
    }
    expect(categories).toContain('travel');
  });

  it('locks no orientation, and Chromium reads it without an error', async () => {
    expect(await manifest()).not.toHaveProperty('orientation');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseUrl);
    const cdp = await context.newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(read.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);
    await context.close();
  });

  it('keeps the screenshots and the icons out of the precache, which stays within its budget', async () => {
    const worker = await (await fetch(`${baseUrl}/sw.js`)).text();
    const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.endsWith('.png') || url.includes('screenshots'))).toEqual([]);
    expect((await precacheBytes()).bytes).toBeLessThanOrEqual(PRECACHE_BUDGET);
  });
});

describe('a tablet held in landscape', () => {
  it('lays the home screen out across the wide screen, not turned to portrait', async () => {
    const viewport = { width: 1024, height: 768 };
    const context = await browser.newContext({ ...PHONE_CONTEXT, viewport, isMobile: true });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await appDrawn(page);
    const hero = page.getByRole('heading', { name: 'Онлайн-сервис экскурсий по Крыму' });
    await hero.waitFor();

    expect(await page.evaluate(() => matchMedia('(orientation: landscape)').matches)).toBe(true);
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([viewport.width, viewport.height]);
    // Nothing runs off the side, the column is centred, and the tab bar sits at the screen's bottom.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    const heading = await hero.boundingBox();
    expect(heading && heading.y + heading.height).toBeLessThan(viewport.height);
    const shell = await page.locator('.shell').boundingBox();
    expect(shell && Math.round(shell.x * 2 + shell.width)).toBe(viewport.width);
    const bar = await page.getByRole('navigation', { name: 'Основные разделы' }).boundingBox();
    expect(bar && Math.round(bar.y + bar.height)).toBe(viewport.height);
    await screenshot(page, 'manifest-landscape-home');
    await context.close();
  });
});
