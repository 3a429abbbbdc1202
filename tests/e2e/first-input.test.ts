import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH } from '../../src/client/app/components/search/strings';
import { CARD } from '../../src/client/app/strings';
import { sortTabLabel } from '../../src/domain/sorting';
import { appDrawn, launchBrowser, openPhone, PHONE_CONTEXT, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

// A first visit's screen is drawn by the server (src/server/http/first-screen.ts) and painted before
// any of the app's code has run. Whatever a person does on it from that first paint counts: a tap on
// a sort tab sorts, text typed into the search box stays and finds, a tap on the heart of an
// anonymous visitor leads to the login page, however soon after the screen showed it came. The phone
// is a slow one (CPU slowed four times) on a fresh profile: no service worker, no replica.

const baseUrl = product('baseUrl');
let browser: Browser;

/** How long the app may take to answer a first-paint input on a slowed phone on a loaded machine. */
const SETTLE_MS = 60_000;
/** How long a first visit's server-drawn screen may take to show. */
const SHOW_MS = 30_000;

const CHEAPER = sortTabLabel('cheaper');
/** Matches Ялта (a city) and 'Морская прогулка из Ялты…' (an excursion) in the demo data. */
const QUERY = 'ялт';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A first visit to `path` on a fresh phone with its CPU slowed four times. Returns at the navigation's
 * commit, long before the page has loaded, so a test can act on the first paint.
 */
async function firstVisit(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPhone(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
  return { context, page };
}

/** Waits, polling every few milliseconds, until the element is on screen: the moment a person sees it. */
async function whenShown(locator: Locator, timeout = SHOW_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await locator.isVisible().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${String(locator)} did not show within ${timeout} ms`);
    await sleep(10);
  }
}

/**
 * The 'от' prices of the cards the visible list shows, in order (ExcursionCard: `.card-price`'s first
 * span, 'от 1 500 ₽'). Empty while the page is between documents.
 */
async function listedPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('tabpanel')
    .locator('.excursion-card .card-price > span')
    .allTextContents()
    .catch(() => []);
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

const ascending = (prices: number[]) =>
  prices.every((price, i) => i === 0 || (prices[i - 1] ?? price) <= price);

describe("a first visit's first taps and keystrokes", () => {
  beforeAll(async () => {
    // The premise of the sort cases: the list does not start out in price order, so a list in price
    // order after the tap is the tap's doing. Read from the server's drawing, as a phone with no
    // script shows it.
    const context = await browser.newContext({ ...PHONE_CONTEXT, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/excursions`);
    const prices = await listedPrices(page);
    await context.close();
    expect(prices.length, 'the drawn list has cards').toBeGreaterThan(3);
    expect(ascending(prices), `the default order is not by price: ${prices.join(', ')}`).toBe(false);
  });

  it.each([0, 400, 1_200])(
    'sorts the excursion list cheapest first when the sort tab is tapped %i ms after it shows',
    async (delayMs) => {
      const { context, page } = await firstVisit('/excursions');
      const tab = page.getByRole('tab', { name: CHEAPER });
      await whenShown(tab);
      if (delayMs > 0) await sleep(delayMs);
      await tab.tap();

      // Read together, so that a failure shows every part of what the screen says.
      const state = async () => {
        const prices = await listedPrices(page);
        return {
          sortInUrl: new URL(page.url()).searchParams.get('sort'),
          tabSelected: await tab.getAttribute('aria-selected', { timeout: 1_000 }).catch(() => null),
          cards: prices.length > 3,
          pricesAscending: ascending(prices),
        };
      };
      await expect
        .poll(state, { timeout: SETTLE_MS })
        .toEqual({ sortInUrl: 'cheaper', tabSelected: 'true', cards: true, pricesAscending: true });
      await screenshot(page, `first-input-sort-after-${delayMs}ms`);
      await context.close();
    },
  );

  it('keeps the text typed into the search box as soon as it shows, and finds with it', async () => {
    const { context, page } = await firstVisit('/');
    const input = page.getByRole('searchbox', { name: SEARCH.label });
    await whenShown(input);
    await input.tap();
    await page.keyboard.type(QUERY);

    // The dropdown's matches for 'ялт': the city Ялта and an excursion from Ялта.
    const matches = page.getByRole('region', { name: SEARCH.results }).getByRole('link', { name: /Ялт/ });
    const state = async () => ({
      value: await input.inputValue({ timeout: 1_000 }).catch(() => null),
      matches: (await matches.count().catch(() => 0)) > 0,
    });
    // Matches come only from the app (the dropdown reads its replica), so by then it has taken over.
    await expect.poll(state, { timeout: SETTLE_MS }).toEqual({ value: QUERY, matches: true });
    await page.waitForFunction(() => document.documentElement.dataset.build !== undefined, null, {
      timeout: SETTLE_MS,
    });
    // And it stays so: nothing the app does once started takes the text away.
    await sleep(1_000);
    expect(await state()).toEqual({ value: QUERY, matches: true });
    await screenshot(page, 'first-input-search-typed');
    await context.close();
  });

  it("takes an anonymous visitor to the login page when a card's heart is tapped as soon as it shows", async () => {
    const { context, page } = await firstVisit('/excursions');
    // By its name, not its role: the heart of an anonymous visitor may be a link or a button.
    const heart = page.locator(`[aria-label="${CARD.addFavorite}"]`).filter({ visible: true }).first();
    await whenShown(heart);
    await heart.tap();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: SETTLE_MS }).toBe('/profile/login');
    await page.locator('main h1').first().waitFor({ timeout: SETTLE_MS });
    await screenshot(page, 'first-input-heart-login');
    await context.close();
  });

  it('keeps an answer opened, the page scrolled and a field focused while the app takes the page over', async () => {
    const html = await (await fetch(`${baseUrl}/excursions`)).text();
    const id = /href="\/excursion\/([0-9a-f]{24})"/.exec(html)?.[1];
    expect(id).toBeDefined();
    const { context, page } = await firstVisit(`/excursion/${id}`);
    const question = page.locator('[data-testid="faq"] summary').first();
    await whenShown(question);
    await question.scrollIntoViewIfNeeded();
    await question.tap();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    await question.focus();

    await appDrawn(page, SETTLE_MS);
    await sleep(1_000);
    expect(await page.locator('[data-testid="faq"] details').first().getAttribute('open')).not.toBeNull();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
    expect(await question.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, 'first-input-faq-open');
    await context.close();
  });
});
