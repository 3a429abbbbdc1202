import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCardWatch, launchBrowser, openPhone } from '../support/browser';
import { product } from '../support/e2e-product';

// A cold start of an app whose replica is filled: the screen comes first. Before the
// first excursion card is drawn, the sync engine sends nothing and the pictures of the grids below the
// list are not fetched; the sync starts right after.

const baseUrl = product('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Seen {
  firstCardAt: number | null;
  /** Start times (wall clock, ms) of the sync calls and of the city and place pictures. */
  sync: number[];
  gridPictures: number[];
  cardPictures: number;
}

declare global {
  interface Window {
    __firstCardAt?: number;
  }
}

describe('a cold start with a filled replica', () => {
  it('draws the first card before any sync request and before the grid pictures below the list', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    // The replica is filled once the pull has stored its cursor.
    await page.waitForFunction(
      () =>
        new Promise((resolve) => {
          const request = indexedDB.open('krym-excursions');
          request.onsuccess = () => {
            const get = request.result.transaction('meta').objectStore('meta').get('cursor');
            get.onsuccess = () => {
              request.result.close();
              resolve(Boolean((get.result as { value?: string } | undefined)?.value));
            };
          };
        }),
      null,
      { timeout: 30_000, polling: 200 },
    );
    await page.close();

    const next = await context.newPage();
    await next.addInitScript(firstCardWatch('#excursions-panel .excursion-card'));
    await next.goto(`${baseUrl}/excursions`);
    await next.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    // Times on the wall clock (timeOrigin + page time): the pulls run in the pull worker, whose
    // timeline (and clock origin) is its own.
    const syncStarts = async (): Promise<number[]> => {
      const puller = next.workers().find((worker) => /\/pull-worker-[\w-]+\.js$/.test(worker.url()));
      if (!puller) return [];
      return puller.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname === '/api/sync')
          .map((entry) => performance.timeOrigin + entry.startTime),
      );
    };
    const seen = async (): Promise<Seen> => {
      const page = await next.evaluate(() => {
        const entries = performance.getEntriesByType('resource');
        const starts = (test: (path: string) => boolean) =>
          entries
            .filter((entry) => test(new URL(entry.name).pathname))
            .map((entry) => performance.timeOrigin + entry.startTime);
        return {
          firstCardAt:
            window.__firstCardAt === undefined ? null : performance.timeOrigin + window.__firstCardAt,
          inPage: starts((path) => path === '/api/sync'),
          gridPictures: starts((path) => /^\/api\/app_media\/(city|place)-/.test(path)),
          cardPictures: starts((path) => path.startsWith('/api/images/')).length,
        };
      });
      const { inPage, ...rest } = page;
      return { ...rest, sync: [...inPage, ...(await syncStarts())] };
    };
    // The engine starts once the screen is drawn: its pull (in the worker) comes after the card.
    await expect.poll(async () => (await seen()).sync.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const { firstCardAt, sync, gridPictures, cardPictures } = await seen();
    expect(firstCardAt).not.toBeNull();
    expect(Math.min(...sync)).toBeGreaterThan(firstCardAt as number);
    expect(gridPictures.filter((start) => start < (firstCardAt as number))).toEqual([]);
    expect(cardPictures).toBeGreaterThan(0);
    await context.close();
  });

  it("answers the app's files from the precache by the browser's static route, not the worker's script", async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    await page.close();

    await context.setOffline(true);
    const next = await context.newPage();
    const cdp = await context.newCDPSession(next);
    await cdp.send('Network.enable');
    const sources = new Map<string, string>();
    cdp.on('Network.responseReceived', ({ response }) => {
      const path = new URL(response.url).pathname;
      if (path.startsWith('/assets/')) {
        sources.set(path, response.serviceWorkerRouterInfo?.actualSourceType ?? 'fetch handler');
      }
    });
    await next.goto(`${baseUrl}/excursions`);
    await next.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    // The entry, its imports, the screen's chunks and sheets: each straight from the precache.
    expect(sources.size).toBeGreaterThan(10);
    expect([...sources].filter(([, source]) => source !== 'cache')).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });
});
