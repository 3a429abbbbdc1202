import type { Page } from 'playwright-core';
import type { Banner, City, Excursion, Place } from '../../src/domain/types';
import { cardPictures, tripPictures, type CatalogueRows } from '../../src/client/offline-pictures/plan';
import { launchPhone, onlyPage, startBenchServer } from './browser';

// Pictures kept for offline use (src/client/offline-pictures) on the demo catalogue: one online
// visit to the home screen on a fresh phone, then the time from the first picture fetched ahead to
// the last one in the worker's cache, and their bytes as stored. First the card pictures the app
// keeps by itself, then the trip download (every cover and gallery thumbnail) the tourist asks for.

export interface KeptPictures {
  pictures: number;
  bytes: number;
  ms: number;
}

export interface OfflinePicturesResult {
  cards: KeptPictures;
  trip: KeptPictures;
}

const KEEP_HEADER = 'x-keep-offline';
const TRIP_KEY = 'offline-pictures-trip';

async function catalogueOf(url: string): Promise<CatalogueRows> {
  const list = async <T>(path: string, key: string) =>
    ((await (await fetch(`${url}${path}`)).json()) as Record<string, T[]>)[key] ?? [];
  return {
    excursions: await list<Excursion>('/api/excursions', 'excursions'),
    places: await list<Place>('/api/places', 'places'),
    cities: await list<City>('/api/cities', 'cities'),
    banners: await list<Banner>('/api/banners', 'banners'),
  };
}

/** Bytes of each of `urls` in the media cache, or null while one is missing. */
function storedBytes(page: Page, urls: readonly string[]): Promise<number | null> {
  return page.evaluate(async (list) => {
    const cache = await caches.open('media-v1');
    let bytes = 0;
    for (const url of list) {
      const hit = await cache.match(url, { ignoreVary: true });
      if (!hit) return null;
      bytes += (await hit.blob()).size;
    }
    return bytes;
  }, urls);
}

/** Waits until every one of `urls` is cached; timed from the first fetch marked as kept ahead. */
async function keptWithin(page: Page, urls: readonly string[], firstAt: () => number | undefined) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const bytes = await storedBytes(page, urls);
    const start = firstAt();
    if (bytes !== null && start !== undefined)
      return { pictures: urls.length, bytes, ms: Date.now() - start };
    if (Date.now() > deadline) throw new Error('the pictures were not kept within 120 s');
    await page.waitForTimeout(50);
  }
}

export async function benchOfflinePictures(): Promise<OfflinePicturesResult> {
  const server = await startBenchServer();
  const phone = await launchPhone();
  try {
    const catalogue = await catalogueOf(server.url);
    const cards = cardPictures(catalogue).map((one) => one.url);
    const trip = tripPictures(catalogue).map((one) => one.url);
    let page = await onlyPage(phone.context);
    let firstAt: number | undefined;
    const watch = (watched: Page) =>
      watched.on('request', (request) => {
        if (request.headers()[KEEP_HEADER] === '1') firstAt ??= Date.now();
      });
    watch(page);
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const cardsKept = await keptWithin(page, cards, () => firstAt);

    // The tourist's choice is kept in the page's storage; the next start fetches the rest.
    await page.evaluate((key) => localStorage.setItem(key, '1'), TRIP_KEY);
    firstAt = undefined;
    page = await onlyPage(phone.context);
    watch(page);
    await page.goto(server.url);
    const tripKept = await keptWithin(page, trip, () => firstAt);
    return { cards: cardsKept, trip: tripKept };
  } finally {
    await phone.close();
    await server.stop();
  }
}
