import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner, City, Excursion, Place } from '../../src/domain/types';
import { KEEP_HEADER, MEDIA_CACHE } from '../../src/client/offline-pictures/names';
import { cardPictures, tripPictures, type CatalogueRows } from '../../src/client/offline-pictures/plan';
import { DEMO } from '../support/api';
import { closeOffline, launchBrowser, openPhone, PHONE_CONTEXT, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';
import { sellerExcursions } from '../support/seller-excursions';
import { mintToken, signIn } from '../support/session';

// The catalogue's pictures kept for offline use, against the real product on a 390×844 phone: after
// one online visit the card pictures of every excursion, place and city are in the worker's media
// cache without the tourist opening them; on Save-Data only what was shown is kept until the tourist
// asks; the bigger download shows its progress and stops when told, and is offered at the
// offline-ready moment too.

// The worker's own requests go through the context's routes too (the download test slows them down).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const OFFER = 'Сохранить каталог для поездки без сети';
const PARTIAL = 'Не все фотографии загрузились: попробуйте ещё раз, когда связь станет лучше';
let browser: Browser;
let catalogue: CatalogueRows;
let cards: string[];
let trip: string[];
let city: City;

async function api<T>(path: string, key: string): Promise<T[]> {
  const body = (await (await fetch(`${baseUrl}${path}`)).json()) as Record<string, T[]>;
  return body[key] ?? [];
}

beforeAll(async () => {
  browser = await launchBrowser();
  const cities = await api<City>('/api/cities', 'cities');
  catalogue = {
    excursions: await api<Excursion>('/api/excursions', 'excursions'),
    places: await api<Place>('/api/places', 'places'),
    cities,
    banners: await api<Banner>('/api/banners', 'banners'),
  };
  cards = cardPictures(catalogue).map((one) => one.url);
  trip = tripPictures(catalogue).map((one) => one.url);
  city = cities[0] as City;
});
afterAll(async () => {
  await browser?.close();
});

/** Which of `urls` the worker's media cache holds. */
function cached(page: Page, urls: readonly string[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const cache = await caches.open('media-v1');
    const found: string[] = [];
    for (const url of list) if (await cache.match(url, { ignoreVary: true })) found.push(url);
    return found;
  }, urls);
}

/** A picture's address as the server sees it, whether written relative or absolute. */
const address = (url: string) => {
  const parsed = new URL(url, baseUrl);
  return `${parsed.pathname}${parsed.search}`;
};

/** The first visit: the worker installs and takes control of the page. */
async function install(page: Page, path = '/'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** The cards of each kind a screen shows: each must show its card picture. */
const CARDS = 'main :is(.excursion-card, .place-list li, .city-card, .place-card)';

/**
 * Brings every card's picture into view, as a tourist scrolling down and along each row would, and
 * waits until each is drawn. A card's picture is the first one it shows (its further carousel slides
 * are not card pictures); a card with no picture at all shows an empty placeholder and is left out.
 * Says how many cards have a picture, how many of those are drawn, and how many drew a stand-in
 * because their picture could not be had. A list draws its cards a batch at a time as they near the
 * screen: it waits until at least `atLeast` cards are there.
 */
async function drawnCardPictures(
  page: Page,
  atLeast = 1,
): Promise<{ loaded: number; total: number; standIns: number }> {
  let last = { loaded: 0, total: 0, standIns: 0, waiting: [] as string[] };
  await expect
    .poll(
      async () => {
        last = await page.evaluate(async (selector) => {
          const firsts = [...document.querySelectorAll(selector)]
            .map((card) => card.querySelector('img, svg.media-placeholder'))
            .filter(
              (first): first is Element =>
                first !== null && !(first.tagName === 'svg' && !first.hasChildNodes()),
            );
          const images = firsts.filter(
            (first): first is HTMLImageElement => first instanceof HTMLImageElement,
          );
          const waiting = images.filter((img) => !(img.complete && img.naturalWidth > 0));
          // A lazy picture is asked for once it comes near the screen: bring each waiting one there.
          for (const img of waiting) {
            img.scrollIntoView({ block: 'center', inline: 'center' });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return {
            loaded: images.length - waiting.length,
            total: firsts.length,
            standIns: firsts.length - images.length,
            waiting: waiting.map((img) => img.getAttribute('src') ?? ''),
          };
        }, CARDS);
        return last.total >= atLeast && last.loaded + last.standIns === last.total
          ? 'drawn'
          : JSON.stringify(last);
      },
      { timeout: 30_000 },
    )
    .toBe('drawn');
  return last;
}

/** Every card-size picture's address, as the routes below see it. */
const CARD_SIZE = /\/api\/images\/[^/]+\?w=480$/;

/** A phone asking to save data (Save-Data), with the demo tourist signed in or nobody. */
async function phoneSavingData(signedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE_CONTEXT);
  if (signedIn) await signIn(context, dataDir, DEMO.tourist);
  const page = await context.newPage();
  await (
    await context.newCDPSession(page)
  ).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  return { context, page };
}

/**
 * A signed-in tourist's phone on the profile screen, where the trip download is offered, with the worker
 * in control. Save-Data keeps the background keeping away, so the tourist's download is the only one
 * running. `answer` stands for the network on each card-size picture: slow, or failing.
 */
async function phoneForDownload(
  answer: (route: Route) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page; offer: Locator }> {
  const { context, page } = await phoneSavingData(true);
  await context.route(CARD_SIZE, answer);
  await install(page, '/profile');
  return { context, page, offer: page.getByRole('region', { name: 'Фотографии без сети' }) };
}

/** Each picture takes `ms`, as on a phone's network. */
const slowBy = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};

describe('the catalogue pictures offline', () => {
  it('draws every card picture of /excursions, /stories and a city from the cache offline, none opened online', async () => {
    const { context, page } = await openPhone(browser);
    await install(page);
    await page
      .getByRole('alert', { name: 'Обновление приложения' })
      .getByText('App ready to work offline', { exact: true })
      .waitFor({ timeout: 15_000 });
    // In the background, without the tourist going anywhere: every card picture lands in the cache.
    await expect.poll(async () => (await cached(page, cards)).length, { timeout: 60_000 }).toBe(cards.length);
    // The bigger download waits for the tourist: the gallery is not fetched by itself.
    expect((await cached(page, trip)).length).toBeLessThan(trip.length);

    await context.setOffline(true);
    for (const path of ['/excursions', '/stories', `/city/${city.id}`]) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await page.locator('main img[src^="/api/"]').first().waitFor({ timeout: 15_000 });
      const drawn = await drawnCardPictures(page, path === '/excursions' ? catalogue.excursions.length : 1);
      // Every card shows its picture, and every one came from a cache: there is no network.
      expect({ path, standIns: drawn.standIns }).toEqual({ path, standIns: 0 });
      expect(drawn.loaded, path).toBe(drawn.total);
      if (path === '/excursions') expect(drawn.loaded).toBeGreaterThanOrEqual(catalogue.excursions.length);
      if (path === '/excursions') await screenshot(page, 'offline-catalogue-excursions');
    }
    await closeOffline(context);
  }, 180_000);

  it('has a picture it fetched to keep in the cache by the time its answer arrives', async () => {
    const { context, page } = await openPhone(browser);
    await install(page);
    // The download's count and the offer's size read the cache right after each answer: a picture
    // counted as fetched yet stored a moment later would be offered again as still missing.
    const late = await page.evaluate(
      async ({ urls, header, cacheName }) => {
        const cache = await caches.open(cacheName);
        const notYet: string[] = [];
        for (const url of urls) {
          await (await fetch(url, { headers: { [header]: '1' } })).arrayBuffer();
          if (!(await cache.match(url, { ignoreVary: true }))) notYet.push(url);
        }
        return notYet;
      },
      { urls: trip.slice(0, 30), header: KEEP_HEADER, cacheName: MEDIA_CACHE },
    );
    expect(late).toEqual([]);
    await context.close();
  });

  it('keeps only what was shown on Save-Data, until the tourist asks for the download', async () => {
    const { context, page } = await phoneSavingData(true);
    const keptAhead: string[] = [];
    // Every picture the page itself asks for: what the tourist opened.
    const opened = new Set<string>();
    page.on('request', (request) => {
      if (request.headers()['x-keep-offline'] === '1') keptAhead.push(request.url());
      else if (request.resourceType() === 'image') opened.add(address(request.url()));
    });

    // The home screen, with its cards: the pictures it shows are the ones opened.
    // Opened again once the worker controls the page, so what it shows goes through the worker.
    await install(page, '/');
    await page.reload();
    await page.locator('main .excursion-card img').first().waitFor({ timeout: 20_000 });
    await page.goto(`${baseUrl}/profile`);
    const offer = page.getByRole('region', { name: 'Фотографии без сети' });
    await offer.getByText('Экономия трафика', { exact: false }).waitFor({ timeout: 20_000 });
    // The size offered is measured by the server, in megabytes.
    await expect
      .poll(() => offer.getByRole('button', { name: OFFER }).textContent(), { timeout: 20_000 })
      .toMatch(/· \d+,\d МБ$/);
    // Long enough for the background keeping to have started, had the connection allowed it.
    await page.waitForTimeout(8_000);
    expect(keptAhead).toEqual([]);
    const keptCards = await cached(page, cards);
    expect(keptCards.length).toBeGreaterThan(0);
    expect(keptCards.length).toBeLessThan(cards.length);
    // Only pictures the page asked for are in the cache.
    expect(keptCards.filter((url) => !opened.has(address(url)))).toEqual([]);

    await offer.getByRole('button', { name: OFFER }).click();
    // Polled on the offer's whole text, so a miss shows where the download stood.
    await expect
      .poll(() => offer.innerText(), { timeout: 120_000 })
      .toContain('Каталог сохранён для поездки без сети');
    expect((await cached(page, [...cards, ...trip])).length).toBe(cards.length + trip.length);
    await context.close();
  }, 240_000);

  it('shows the download progress and stops it when asked', async () => {
    // Each picture takes a moment, so the download can be watched and stopped.
    const { context, page, offer } = await phoneForDownload(slowBy(150));
    await offer.getByRole('button', { name: OFFER }).waitFor({ timeout: 20_000 });
    // Every progress text the screen shows, in order.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.offline-offer [role="status"]')?.textContent ?? '';
        if (text.startsWith('Загружено') && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    await offer.getByRole('button', { name: OFFER }).click();
    await offer.getByRole('progressbar', { name: 'Загрузка фотографий каталога' }).waitFor();
    await offer.getByRole('button', { name: 'Остановить' }).click();
    await offer.getByText('Загрузка остановлена').waitFor();
    // The pictures already on their way when Stop was pressed still land; nothing starts after them.
    await page.waitForTimeout(1_500);
    const afterStop = (await cached(page, [...cards, ...trip])).length;
    expect(afterStop).toBeLessThan(cards.length + trip.length);
    await page.waitForTimeout(3_000);
    expect((await cached(page, [...cards, ...trip])).length).toBe(afterStop);

    // Asked again, it goes on to the end, counting up.
    await offer.getByRole('button', { name: OFFER }).click();
    // Polled on the offer's whole text, so a miss shows where the download stood.
    await expect
      .poll(() => offer.innerText(), { timeout: 120_000 })
      .toContain('Каталог сохранён для поездки без сети');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    const counts = seen.map((text) => Number(/Загружено (\d+)/.exec(text)?.[1]));
    expect(counts.length).toBeGreaterThan(2);
    expect(counts.slice(1).every((count, index) => count >= (counts[index] as number) || count === 0)).toBe(
      true,
    );
    expect((await cached(page, [...cards, ...trip])).length).toBe(cards.length + trip.length);
    await context.close();
  }, 240_000);

  it('says when pictures could not be fetched, and fetches them once the signal is back', async () => {
    // One picture does not come, however often it is asked for: a dead spot for that one request.
    const lost = address(trip[0] as string);
    let signal = false;
    const { context, page, offer } = await phoneForDownload(async (route) => {
      if (!signal && address(route.request().url()) === lost) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await offer.getByRole('button', { name: OFFER }).click();
    await offer.getByText(PARTIAL).waitFor({ timeout: 120_000 });
    // What is missing is offered again, with its size.
    await expect
      .poll(() => offer.getByRole('button', { name: OFFER }).textContent(), { timeout: 20_000 })
      .toMatch(/· \d+,\d МБ$/);
    expect(await cached(page, [lost])).toEqual([]);
    await screenshot(page, 'offline-download-partial');

    signal = true;
    // The tourist asks again. The keeper also runs again by itself when the catalogue changes (the
    // replica may still be taking its first sync), and then the button has already made way for it.
    await offer
      .getByRole('button', { name: OFFER })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect
      .poll(() => offer.innerText(), { timeout: 120_000 })
      .toContain('Каталог сохранён для поездки без сети');
    expect(await cached(page, [lost])).toEqual([lost]);
    await context.close();
  }, 240_000);

  it('fetches the pictures of an excursion published while the download runs', async () => {
    // Each picture takes a while, so the download still runs when the new excursion reaches the phone.
    const { context, page, offer } = await phoneForDownload(slowBy(400));
    await offer.getByRole('button', { name: OFFER }).click();
    await offer.getByRole('progressbar', { name: 'Загрузка фотографий каталога' }).waitFor();

    // A seller's new excursion, with a cover of its own, is published meanwhile.
    const excursions = await sellerExcursions({ url: baseUrl });
    const created = await excursions.create(
      await mintToken(dataDir, DEMO.seller),
      excursions.payload({ title: 'Новая во время загрузки' }),
    );
    const adminToken = await mintToken(dataDir, DEMO.admin);
    expect((await excursions.post(adminToken, `/api/excursions/${created._id}/publish`)).status).toBe(200);
    const published = (await api<Excursion>('/api/excursions', 'excursions')).find(
      (one) => one._id === created._id,
    );
    expect(published).toBeDefined();

    // Polled on the offer's whole text, so a miss shows where the download stood.
    await expect
      .poll(() => offer.innerText(), { timeout: 120_000 })
      .toContain('Каталог сохранён для поездки без сети');
    const added = cardPictures({ excursions: [published as Excursion], places: [], cities: [], banners: [] });
    expect(added.length).toBeGreaterThan(0);
    const urls = added.map((one) => one.url);
    expect(await cached(page, urls)).toEqual(urls);
    await context.close();
  }, 240_000);

  it('offers the download in the offline-ready line, which keeps its height and stays while it runs', async () => {
    // Save-Data keeps the background keeping away, so the download is all the line follows.
    const { context, page } = await phoneSavingData(false);
    // Each picture takes a moment, so the download outlasts the line's own time on screen.
    await context.route(CARD_SIZE, slowBy(400));
    await page.goto(baseUrl);
    const line = page.getByRole('alert', { name: 'Обновление приложения' });
    await line.getByText('App ready to work offline', { exact: true }).waitFor({ timeout: 30_000 });
    const before = await line.boundingBox();
    const pageTop = await page.locator('main.page').boundingBox();

    // The spec's words first, then the offer with its measured size in their place.
    const offer = line.getByRole('button', { name: OFFER, exact: false });
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.textContent()).toMatch(/^Сохранить каталог для поездки без сети · \d+,\d МБ$/);
    // The same slim line: the page under it does not move.
    const after = await line.boundingBox();
    expect(Math.abs((after?.height ?? 0) - (before?.height ?? 0))).toBeLessThanOrEqual(1);
    expect((await page.locator('main.page').boundingBox())?.y).toBeCloseTo(pageTop?.y ?? 0, 0);
    await screenshot(page, 'offline-ready-trip-offer');

    await offer.click();
    await expect.poll(() => line.innerText(), { timeout: 20_000 }).toMatch(/Загружено [1-9]\d* из \d+/);
    await line.getByRole('button', { name: 'Остановить' }).waitFor();
    await screenshot(page, 'offline-ready-trip-progress');
    // Past the line's own time on screen, it is still there following the download.
    await page.waitForTimeout(9_000);
    expect(await line.innerText()).toMatch(/Загружено \d+ из \d+/);
    await line.getByRole('button', { name: 'Остановить' }).waitFor({ timeout: 1_000 });
    await expect
      .poll(() => line.innerText(), { timeout: 120_000 })
      .toContain('Каталог сохранён для поездки без сети');
    expect((await cached(page, [...cards, ...trip])).length).toBe(cards.length + trip.length);
    // Finished, it goes by itself.
    await line.waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
  }, 240_000);
});
