import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion } from '../../src/domain/types';
import { appDrawn, launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

// The installable app offline, against the real product: one online visit installs the worker and
// fills the caches; after that, cold loads with no network render from the replica and the caches.

const baseUrl = product('baseUrl');
let browser: Browser;
let excursions: Excursion[];

const CATEGORY_SLUGS: Record<string, string> = {
  Дворцы: 'castles',
  'Морские прогулки': 'seawalks',
  Парки: 'parks',
  Горы: 'mountains',
};

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl}/api/excursions`);
  excursions = ((await response.json()) as { excursions: Excursion[] }).excursions;
});
afterAll(async () => {
  await browser?.close();
});

/** The catalogue pictures in the page, loaded or not; only those near the viewport are asked for. */
function pictures(page: Page): Promise<{ src: string; loaded: boolean; pending: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('main img[src^="/api/"]')]
      .filter((img) => {
        // On screen, counting horizontal rows too: a lazy picture off to the side is never asked for.
        const box = img.getBoundingClientRect();
        return box.top < window.innerHeight && box.left < window.innerWidth && box.right > 0;
      })
      .map((img) => ({
        src: img.getAttribute('src') ?? '',
        loaded: img.complete && img.naturalWidth > 0,
        pending: !img.complete,
      })),
  );
}

/** Waits until every picture on screen has loaded, and returns their addresses. */
async function loadedPictures(page: Page): Promise<string[]> {
  await expect
    .poll(
      async () => {
        const all = await pictures(page);
        const done = all.length > 0 && all.every((picture) => picture.loaded);
        return done ? 'loaded' : `${page.url()} ${JSON.stringify(all)}`;
      },
      { timeout: 20_000 },
    )
    .toBe('loaded');
  return (await pictures(page)).map((picture) => picture.src);
}

describe('the app offline after one visit', () => {
  it('cold-loads every screen seen before with its pictures, and never answers /api with the shell', async () => {
    const seen = excursions.find((e) => e.images.length > 0 && CATEGORY_SLUGS[e.category]) as Excursion;
    const neverSeen = excursions.find(
      (e) => e._id !== seen._id && e.images.length > 0 && !e.images.includes(seen.images[0] as string),
    ) as Excursion;
    const category = `/excursions/${CATEGORY_SLUGS[seen.category]}`;
    const { context, page } = await openPhone(browser);

    // First visit: the worker installs, takes control of this very page and says it works offline.
    await page.goto(baseUrl);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const toast = page.getByRole('alert', { name: 'Обновление приложения' });
    await toast.getByText('App ready to work offline', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await toast.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    await screenshot(page, 'pwa-offline-ready');
    await toast.getByRole('button', { name: 'Close' }).click();
    expect(await toast.count()).toBe(0);

    // Online, each screen once, waiting for its pictures: that is what "seen" means for the cache.
    const screens = ['/', '/excursions', '/schedule', `/excursion/${seen._id}`, category];
    const seenPictures = new Map<string, string[]>();
    for (const path of screens) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('main h1, main h2, main .excursion-card').first().waitFor({ timeout: 20_000 });
      seenPictures.set(path, await loadedPictures(page));
    }
    // The worker stores a picture after handing it to the page, so the last ones may still be on
    // their way into its cache ('media-v1', sw/sw.ts) when a loaded machine gets here: going offline
    // at once could leave the category page's last picture out of the page offline.
    const seenSources = [...new Set([...seenPictures.values()].flat())];
    await expect
      .poll(
        () =>
          page.evaluate(async (sources) => {
            const cache = await caches.open('media-v1');
            const missing: string[] = [];
            for (const src of sources) if (!(await cache.match(src, { ignoreVary: true }))) missing.push(src);
            return missing;
          }, seenSources),
        { timeout: 20_000 },
      )
      .toEqual([]);

    await context.setOffline(true);
    // A reload of the open page first (the category page), then a cold load of each screen by address.
    await page.reload();
    await page.locator('main .excursion-card h3').first().waitFor({ timeout: 15_000 });
    for (const path of screens) {
      await page.goto(`${baseUrl}${path}`);
      if (path === '/')
        await page.getByRole('heading', { name: 'Онлайн-сервис экскурсий по Крыму' }).waitFor();
      if (path === '/excursions' || path === category) {
        await page.locator('main .excursion-card h3').first().waitFor({ timeout: 15_000 });
      }
      if (path === '/schedule') await page.locator('main .tour-row-title').first().waitFor();
      if (path.startsWith('/excursion/')) {
        await page.getByRole('heading', { name: seen.title, level: 1 }).waitFor();
      }
      // Every picture seen online shows again from the cache: same replica, same screen, same pictures.
      // A picture that failed would have turned into a placeholder and left the page, so each must be
      // present, and loaded.
      // The locator is resolved afresh on every poll: a carousel swaps its first picture's element when
      // the slider code arrives, so a handle taken once can go stale.
      for (const src of seenPictures.get(path) ?? []) {
        const picture = page.locator(`main img[src="${src}"]`).first();
        await expect
          .poll(
            async () => {
              // Anything but 'loaded' says what the picture is doing, for the failure message.
              if ((await picture.count()) === 0) return 'not in the page';
              try {
                await picture.scrollIntoViewIfNeeded({ timeout: 2_000 });
                return await picture.evaluate((img: HTMLImageElement) =>
                  img.complete && img.naturalWidth > 0
                    ? 'loaded'
                    : `complete ${img.complete}, width ${img.naturalWidth}, loading ${img.loading}`,
                );
              } catch (error) {
                return String(error).split('\n')[0];
              }
            },
            { message: `${path}: ${src}`, timeout: 15_000 },
          )
          .toBe('loaded');
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      const offline = await loadedPictures(page);
      expect(offline.length, path).toBeGreaterThan(0);
      if (path === category) await screenshot(page, 'pwa-offline-category');
    }

    // An excursion never opened: its text from the replica, a calm placeholder for its cover picture.
    await page.goto(`${baseUrl}/excursion/${neverSeen._id}`);
    await page.getByRole('heading', { name: neverSeen.title, level: 1 }).waitFor({ timeout: 15_000 });
    await page.locator('.excursion-hero .media-placeholder').first().waitFor({ timeout: 15_000 });
    // Every cover picture fails on its own: a later slide's may still be on its way when the first
    // one's placeholder shows, but none is left as a broken picture.
    await expect.poll(() => page.locator('.excursion-hero img').count(), { timeout: 15_000 }).toBe(0);
    // The top bar's logo is drawn in the page, so it needs no file, online or not.
    const logo = await page.locator('header .logo-mark').boundingBox();
    expect([logo?.width, logo?.height]).toEqual([32, 32]);
    await screenshot(page, 'pwa-offline-unseen-excursion');

    // The offline-ready toast appeared once: no cold load offline says it again.
    expect(await page.getByText('App ready to work offline').count()).toBe(0);

    // The API offline is a network error, never the app shell handed over as data.
    const apiCall = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/excursions');
        return `answered ${response.status} ${response.headers.get('content-type')}`;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(apiCall).toBe('TypeError');
    const navigation = await page.goto(`${baseUrl}/api/excursions`).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    expect(navigation).toMatch(/net::ERR_INTERNET_DISCONNECTED/);
    await context.close();
  });
});

describe('a first visit cut off before the app is stored', () => {
  it('says a screen not fetched yet opens with the network, and opens it when the network returns', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await context.setOffline(true);
    await page.locator('nav.tabbar').getByRole('link', { name: 'Расписание' }).click();
    const waiting = page.getByRole('status').filter({ hasText: 'Он откроется сам, когда появится сеть' });
    await waiting.waitFor({ timeout: 30_000 });
    await screenshot(page, 'offline-screen-not-stored');

    // Under the screen's name.
    expect(await waiting.getByRole('heading', { name: 'Расписание', level: 1 }).count()).toBe(1);

    await context.setOffline(false);
    await page.getByText('Ближайшие выезды по дням').waitFor({ timeout: 30_000 });
    expect(await waiting.count()).toBe(0);
    await context.close();
  });
});
