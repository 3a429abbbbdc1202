import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearestTour } from '../../src/domain/availability';
import { formatTourDate } from '../../src/domain/dates';
import { cardPrice, formatRoubles, withPlainSpaces } from '../../src/domain/pricing';
import type { Difficulty, Excursion, Tour } from '../../src/domain/types';
import { appDrawn, launchBrowser, openPhone, PHONE, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

// SPEC §2 "Excursion detail" against the real product and its demo catalogue. Which excursion shows
// what is read from the server's own API here, so the test follows the data rather than hard-coding it.

const baseUrl = product('baseUrl');
let browser: Browser;
let excursions: Excursion[];
let tours: Tour[];

beforeAll(async () => {
  browser = await launchBrowser();
  excursions = ((await (await fetch(`${baseUrl}/api/excursions`)).json()) as { excursions: Excursion[] })
    .excursions;
  tours = ((await (await fetch(`${baseUrl}/api/tours`)).json()) as { tours: Tour[] }).tours;
});
afterAll(async () => {
  await browser?.close();
});

function pick(description: string, test: (excursion: Excursion) => boolean): Excursion {
  const found = excursions.find(test);
  if (!found) throw new Error(`The demo catalogue has no excursion that ${description}`);
  return found;
}

const plain = (text: string | null) => withPlainSpaces(text ?? '').trim();

/** Opens the page and waits for the replica's first sync to render the excursion's title. */
async function openExcursion(page: Page, excursion: Excursion): Promise<void> {
  await page.goto(`${baseUrl}/excursion/${excursion._id}`);
  await appDrawn(page);
  await page.getByRole('heading', { level: 1, name: excursion.title }).waitFor();
}

/** The hue (0–360) of a computed CSS colour such as 'rgb(198, 40, 40)'. */
function hueOf(cssColor: string): number {
  const [r = 0, g = 0, b = 0] = (cssColor.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (hue * 60 + 360) % 360;
}

const HUES: Record<Difficulty, [number, number]> = {
  Тяжело: [345, 375], // red, either side of 0°
  Умеренно: [18, 45], // orange
  Легко: [90, 160], // green
};

describe('the excursion page on a phone', () => {
  it('shows the hero, title, nearest date, facts, prices and a booking link for a family excursion', async () => {
    const excursion = pick(
      'allows children, has lunch, a discount, entry tickets and services',
      (e) =>
        e.childrenAllowed &&
        e.lunchDuration !== '' &&
        e.adultInitPrice !== e.adultPrice &&
        e.entryTickets &&
        e.services.length > 0,
    );
    const { context, page } = await openPhone(browser);
    await openExcursion(page, excursion);

    const nearest = nearestTour(tours, excursion._id, new Date());
    expect(nearest).not.toBeNull();
    const nearestText = await page
      .getByTestId('nearest-date')
      .locator('.excursion-nearest-value')
      .innerText();
    expect(nearestText).toBe(formatTourDate(nearest!.date, nearest!.time));

    // The first cover loads eagerly in the 1280 variant; the back button and the heart sit on it. Nobody
    // is signed in: the heart is a link to the login screen.
    const hero = page.locator('.excursion-hero img').first();
    expect(await hero.getAttribute('loading')).toBe('eager');
    expect(await hero.getAttribute('src')).toContain('w=1280');
    expect(await page.locator('.excursion-hero').getByRole('button', { name: 'Назад' }).count()).toBe(1);
    const heart = page.locator('.excursion-hero').getByRole('link', { name: 'Добавить в избранное' });
    expect(await heart.count()).toBe(1);
    expect(await heart.getAttribute('href')).toBe('/profile/login');

    expect(await page.getByTestId('fact-group').locator('dd').innerText()).toBe(
      `от 1 до ${excursion.maxAttendants}`,
    );
    expect(await page.getByTestId('fact-duration').locator('dd').innerText()).toBe(excursion.duration);
    expect(await page.getByTestId('fact-lunch').locator('dd').innerText()).toBe(excursion.lunchDuration);
    expect(await page.getByTestId('fact-children').innerText()).toContain('Можно с детьми');
    expect(await page.getByText(excursion.description).count()).toBe(1);

    // The booking bar: the card's 'от' price, the link to /booking/{id}, always on screen above the tabs.
    const bar = page.getByTestId('booking-bar');
    expect(plain(await bar.getByTestId('from-price').innerText())).toBe(
      plain(`от ${formatRoubles(cardPrice(excursion))}`),
    );
    const book = bar.getByRole('link', { name: 'Забронировать' });
    expect(await book.getAttribute('href')).toBe(`/booking/${excursion._id}`);
    const barBox = await bar.boundingBox();
    expect(barBox && Math.round(barBox.y + barBox.height)).toBe(PHONE.height - 64);
    await screenshot(page, 'excursion-top');

    // Price block: adult fare with the old one struck through, entry on site, services per person.
    const prices = page.getByTestId('price-block');
    await prices.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    expect(plain(await prices.getByTestId('price-current').innerText())).toBe(
      plain(formatRoubles(excursion.adultPrice)),
    );
    expect(plain(await prices.getByTestId('price-old').innerText())).toBe(
      plain(formatRoubles(excursion.adultInitPrice)),
    );
    const entry = plain(await prices.getByTestId('price-entry').innerText());
    expect(entry).toContain(plain(formatRoubles(excursion.adultEntryPrice)));
    expect(entry).toContain('наличными на месте');
    for (const service of excursion.services) {
      const row = prices.locator('li', { hasText: service.name });
      expect(plain(await row.innerText())).toContain(plain(formatRoubles(service.price)));
    }
    const adultToggle = prices.getByRole('button', { name: 'Взрослый' });
    const childToggle = prices.getByRole('button', { name: 'Детский' });
    expect(await adultToggle.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'excursion-price-adult');

    await childToggle.click();
    expect(await childToggle.getAttribute('aria-pressed')).toBe('true');
    expect(plain(await prices.getByTestId('price-current').innerText())).toBe(
      plain(formatRoubles(excursion.kidPrice)),
    );
    if (excursion.kidInitPrice > 0 && excursion.kidInitPrice !== excursion.kidPrice) {
      expect(plain(await prices.getByTestId('price-old').innerText())).toBe(
        plain(formatRoubles(excursion.kidInitPrice)),
      );
    }
    expect(plain(await prices.getByTestId('price-entry').innerText())).toContain(
      excursion.kidEntryPrice > 0 ? plain(formatRoubles(excursion.kidEntryPrice)) : 'бесплатно',
    );
    await screenshot(page, 'excursion-price-child');
    await context.close();
  });

  it('hides the child toggle and the children badge when children are not allowed, and lunch when unset', async () => {
    const adultsOnly = pick('does not allow children', (e) => !e.childrenAllowed);
    const noLunch = pick('has no lunch', (e) => e.lunchDuration === '');
    const { context, page } = await openPhone(browser);

    await openExcursion(page, adultsOnly);
    const prices = page.getByTestId('price-block');
    expect(await prices.getByRole('button', { name: 'Детский' }).count()).toBe(0);
    expect(await prices.getByRole('group', { name: 'Тариф' }).count()).toBe(0);
    expect(await page.getByText('Можно с детьми', { exact: true }).count()).toBe(0);
    expect(plain(await prices.getByTestId('price-current').innerText())).toBe(
      plain(formatRoubles(adultsOnly.adultPrice)),
    );

    await openExcursion(page, noLunch);
    expect(await page.getByTestId('fact-lunch').count()).toBe(0);
    expect(await page.locator('.excursion-facts').innerText()).not.toContain('Обед');
    // The page also reads the other way: the same facts appear when the data has them.
    if (noLunch.childrenAllowed) {
      expect(await page.getByRole('button', { name: 'Детский' }).count()).toBe(1);
    }
    await context.close();
  });

  it('colours the difficulty red, orange or green and always writes the word', async () => {
    const { context, page } = await openPhone(browser);
    for (const difficulty of ['Тяжело', 'Умеренно', 'Легко'] as const) {
      const excursion = pick(`is ${difficulty}`, (e) => e.difficulty === difficulty);
      await openExcursion(page, excursion);
      const badge = page.getByTestId('difficulty');
      expect(await badge.innerText()).toBe(difficulty);
      const color = await badge.evaluate((element) => getComputedStyle(element).color);
      const hue = hueOf(color);
      const [from, to] = HUES[difficulty];
      // Red wraps around 0°, so it is checked on both sides.
      const inRange = (hue >= from && hue <= to) || (hue + 360 >= from && hue + 360 <= to);
      expect(inRange, `${difficulty}: ${color} (hue ${hue.toFixed(0)})`).toBe(true);
    }
    await context.close();
  });

  it('numbers the route steps, lists assembly points, the FAQ, the gallery and similar excursions', async () => {
    const excursion = pick(
      'has several similar excursions and a gallery',
      (e) => e.similarExcursionIDs.length >= 2 && e.gallery.length > 0,
    );
    const { context, page } = await openPhone(browser);
    await openExcursion(page, excursion);

    const steps = page.getByTestId('route-steps').locator('li');
    expect(await steps.count()).toBe(excursion.directions.length);
    expect(await steps.locator('.route-step-number').allInnerTexts()).toEqual(
      excursion.directions.map((_, index) => String(index + 1)),
    );
    expect(await steps.locator('.route-step-text').allInnerTexts()).toEqual(excursion.directions);
    expect(await page.getByTestId('assembly-points').locator('li').allInnerTexts()).toEqual(
      excursion.assemblyPoints,
    );
    expect(await page.getByTestId('included').locator('li').allInnerTexts()).toEqual(excursion.included);
    expect(await page.getByTestId('not-included').locator('li').allInnerTexts()).toEqual(
      excursion.notIncluded,
    );

    // The fixed FAQ accordion opens on a tap.
    const faq = page.getByTestId('faq').locator('details');
    expect(await faq.count()).toBeGreaterThanOrEqual(4);
    expect(await faq.count()).toBeLessThanOrEqual(6);
    await faq.first().locator('summary').click();
    expect(await faq.first().getAttribute('open')).not.toBeNull();
    expect(await faq.first().locator('p').isVisible()).toBe(true);

    // Gallery: lazy small pictures, one per gallery id; a tap enlarges one in a dialog.
    const gallery = page.getByTestId('gallery').locator('img, .media-placeholder');
    expect(await gallery.count()).toBe(excursion.gallery.length);
    for (const loading of await page
      .getByTestId('gallery')
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')))) {
      expect(loading).toBe('lazy');
    }
    // The demo has no videos, and an empty `video` means no player.
    expect(excursion.video).toBe('');
    expect(await page.locator('video').count()).toBe(0);

    // Similar excursions: cards in the seller's order, each linking to its own page.
    const known = new Set(excursions.map((e) => e._id));
    const expected = excursion.similarExcursionIDs.filter((id) => id !== excursion._id && known.has(id));
    const similar = page.getByTestId('similar');
    await similar.scrollIntoViewIfNeeded();
    const hrefs = await similar
      .locator('a.card-body')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(expected.map((id) => `/excursion/${id}`));
    await page.getByTestId('faq').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'excursion-bottom-faq');
    await page.getByTestId('gallery').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await screenshot(page, 'excursion-bottom-gallery-similar');
    await screenshot(page, 'excursion-full', true);

    await page.getByTestId('gallery').locator('button').first().click();
    const dialog = page.locator('dialog.gallery-dialog');
    await dialog.locator('img, .media-placeholder').first().waitFor();
    expect(await dialog.evaluate((element: HTMLDialogElement) => element.open)).toBe(true);
    await screenshot(page, 'excursion-gallery-open');
    await dialog.getByRole('button', { name: 'Закрыть фото' }).click();
    expect(await dialog.evaluate((element: HTMLDialogElement) => element.open)).toBe(false);

    const next = excursions.find((e) => e._id === expected[0]);
    await similar.locator('a.card-body').first().click();
    await page.getByRole('heading', { level: 1, name: next?.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/excursion/${expected[0]}`);
    await context.close();
  });

  it('on a slow connection asks first for the cover alone, and for the gallery when it comes near', async () => {
    const excursion = pick('has a gallery', (e) => e.gallery.length > 0 && e.images.length > 0);
    const { context, page } = await openPhone(browser);
    // One bar of signal: Chromium then loads lazy pictures from much further below the screen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: 200_000,
      uploadThroughput: 90_000,
    });
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') asked.add(new URL(request.url()).pathname);
    });
    const picture = (id: string) => `/api/images/${encodeURIComponent(id)}`;
    await openExcursion(page, excursion);
    expect(
      await page.evaluate(
        () => (navigator as { connection?: { effectiveType: string } }).connection?.effectiveType,
      ),
    ).toBe('3g');
    await expect.poll(() => asked.has(picture(excursion.images[0] as string))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(excursion.gallery.filter((id) => asked.has(picture(id)))).toEqual([]);

    const gallery = page.getByTestId('gallery');
    await gallery.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await expect.poll(() => excursion.gallery.every((id) => asked.has(picture(id)))).toBe(true);
    const tiles = gallery.locator('li');
    const first = tiles.first();
    await expect
      .poll(() =>
        first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    // Square tiles, drawn or not, so nothing moves when they are drawn.
    for (const tile of await tiles.all()) {
      const box = await tile.boundingBox();
      expect(box && Math.round(box.width - box.height)).toBe(0);
    }
    await context.close();
  });

  it('says Excursion not found for an unknown id from the first paint, without Loading... on the way', async () => {
    // Service workers are blocked so page.route sees the sync requests.
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'ru-RU',
      timezoneId: 'Europe/Simferopol',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sync**', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto(`${baseUrl}/excursion/ffffffffffffffffffffffff`);
    // The server knows the catalogue and says so at once; the app takes the page over from the data
    // the server drew it from, so it keeps saying so while its own first sync is held back.
    await page.getByRole('heading', { name: 'Excursion not found' }).waitFor();
    await appDrawn(page);
    await page.waitForTimeout(500);
    expect(await page.getByRole('heading', { name: 'Excursion not found' }).isVisible()).toBe(true);
    expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
    release();
    await page.waitForTimeout(500);
    expect(await page.getByRole('heading', { name: 'Excursion not found' }).isVisible()).toBe(true);
    await screenshot(page, 'excursion-not-found');

    await page.goto(`${baseUrl}/excursion/garbage`);
    await page.getByRole('heading', { name: 'Excursion not found' }).waitFor();
    await context.close();
  });
});
