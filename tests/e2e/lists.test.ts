import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_BATCH, CARD_STEP } from '../../src/client/app/components/lists/ExcursionCardList';
import { SORT_KEYS, sortExcursions, sortTabLabel, type SortKey } from '../../src/domain/sorting';
import type { City, Excursion, Place, Tour } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { appDrawn, launchBrowser, openPhone, screenshot } from '../support/browser';
import { serverFavorites } from '../support/server-state';
import { signIn } from '../support/session';
import { product } from '../support/e2e-product';

// The list screens against the real product and its demo catalogue: every order and every subset is
// recomputed here from the server's own data with the domain rules, never hard-coded.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;

interface Catalogue {
  excursions: Excursion[];
  tours: Tour[];
  places: Place[];
  cities: City[];
}
let catalogue: Catalogue;

async function getJson<T>(path: string, token?: string): Promise<T> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(`${baseUrl}${path}`, { headers });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/**
 * The server's catalogue now. Other test files on this product add and change excursions while these
 * tests run, so every list a screen is compared with is computed from it at the moment of comparing.
 */
async function fetchCatalogue(): Promise<Catalogue> {
  const [{ excursions }, { tours }, { places }, { cities }] = await Promise.all([
    getJson<{ excursions: Excursion[] }>('/api/excursions'),
    getJson<{ tours: Tour[] }>('/api/tours'),
    getJson<{ places: Place[] }>('/api/places'),
    getJson<{ cities: City[] }>('/api/cities'),
  ]);
  return { excursions, tours, places, cities };
}

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = await fetchCatalogue();
});
afterAll(async () => {
  await browser?.close();
});

const titles = (list: readonly Excursion[]) => list.map((e) => e.title);

/**
 * The titles of the cards in a list, top to bottom: their text, not innerText, which is empty for a
 * card away from the screen (not rendered until it comes near: content-visibility in page-blocks.css).
 */
function cardTitles(page: Page, scope: string): Promise<string[]> {
  return page.locator(`${scope} .excursion-card h3`).allTextContents();
}

/** The domain's order for a tab, as of now (a tour leaving this very minute is the only race). */
function expectedOrder(excursions: readonly Excursion[], key: SortKey, tours = catalogue.tours): string[] {
  return titles(sortExcursions(excursions, key, tours, new Date()));
}

/**
 * The cards a list draws before it is scrolled: its first CARD_STEP, the rest as its end nears the
 * screen (long-list.test.ts). Other files add excursions to this product, so the catalogue can be
 * longer than that.
 */
const drawnBeforeScrolling = <T>(list: readonly T[]): T[] => list.slice(0, CARD_STEP);

/**
 * Waits until the cards in `scope` are the first titles `expected` computes from the server's
 * catalogue of that moment, as many as the list draws before it is scrolled; a failure shows both.
 */
async function expectCards(
  page: Page,
  scope: string,
  expected: (now: Catalogue) => string[],
  timeout?: number,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const want = drawnBeforeScrolling(expected(await fetchCatalogue()));
        const shown = await cardTitles(page, scope);
        return { same: shown.join('\n') === want.join('\n'), shown, want };
      },
      { timeout },
    )
    .toMatchObject({ same: true });
}

/** The cards in `scope` are the server's excursions that `pick` selects, in `key`'s order. */
const expectOrder = (page: Page, scope: string, key: SortKey, pick: (e: Excursion) => boolean = () => true) =>
  expectCards(page, scope, (now) => expectedOrder(now.excursions.filter(pick), key, now.tours));

const CATEGORY_ROUTES = [
  { slug: 'castles', category: 'Дворцы' },
  { slug: 'seawalks', category: 'Морские прогулки' },
  { slug: 'parks', category: 'Парки' },
  { slug: 'mountains', category: 'Горы' },
] as const;

describe('/excursions', () => {
  it('orders the cards by each sort tab exactly as the domain rule does', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await page.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    expect(catalogue.excursions.length).toBeGreaterThanOrEqual(8);

    // Nearest is the default tab, with no parameter in the address.
    const nearestTab = page.getByRole('tab', { name: sortTabLabel('nearest') });
    expect(await nearestTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Ближайшие',
      'Популярные',
      'Подешевле',
      'Подороже',
    ]);
    await expectOrder(page, '#excursions-panel', 'nearest');
    await screenshot(page, 'lists-excursions');

    for (const key of SORT_KEYS) {
      await page.getByRole('tab', { name: sortTabLabel(key) }).click();
      await expectOrder(page, '#excursions-panel', key);
      expect(new URL(page.url()).searchParams.get('sort')).toBe(key === 'nearest' ? null : key);
      expect(await page.getByRole('tab', { name: sortTabLabel(key) }).getAttribute('aria-selected')).toBe(
        'true',
      );
    }
    // The four orders really differ, so the comparison above tells the tabs apart.
    const orders = new Set(SORT_KEYS.map((key) => expectedOrder(catalogue.excursions, key).join('|')));
    expect(orders.size).toBe(4);
    await context.close();
  });

  it("draws a new order's first cards in the tab's own frame and the rest after, from the list's start", async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    const cards = page.locator('#excursions-panel .excursion-card');
    expect(catalogue.excursions.length).toBeGreaterThan(CARD_BATCH);
    await expect
      .poll(
        async () => (await cards.count()) - drawnBeforeScrolling((await fetchCatalogue()).excursions).length,
        { timeout: 30_000 },
      )
      .toBe(0);
    // An order whose first card differs from the default one's: which depends on the hour ('nearest'
    // and 'cheaper' can start with the same excursion) and on the catalogue as it is now (other files
    // add excursions to this product).
    const now = await fetchCatalogue();
    const nearestFirst = expectedOrder(now.excursions, 'nearest', now.tours)[0];
    const key = (['cheaper', 'pricier', 'popular'] as const).find(
      (other) => expectedOrder(now.excursions, other, now.tours)[0] !== nearestFirst,
    );
    if (!key) throw new Error('every order starts with the same excursion');
    // Scrolled well into the list, under the sticky tabs.
    await cards.nth(CARD_BATCH).evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await page.waitForFunction(() => window.scrollY > 0);
    const firstCardsDrawn = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const panel = document.getElementById('excursions-panel');
          if (!panel) throw new Error('no #excursions-panel');
          const first = () => panel.querySelector('.excursion-card h3')?.textContent;
          const before = first();
          const observer = new MutationObserver(() => {
            if (first() === before) return;
            observer.disconnect();
            resolve(panel.querySelectorAll('.excursion-card').length);
          });
          observer.observe(panel, { childList: true, subtree: true });
          // A first card that never changes fails here, not at the test's timeout.
          setTimeout(() => {
            observer.disconnect();
            resolve(Number.NaN);
          }, 20_000);
        }),
    );
    await page.getByRole('tab', { name: sortTabLabel(key) }).click();
    // The commit that changed the first card held only the first batch.
    expect(await firstCardsDrawn).toBeLessThanOrEqual(CARD_BATCH);
    await expectOrder(page, '#excursions-panel', key);
    // The page is back at the list's start: its first card right under the tabs, on screen.
    const tabsBottom = await page
      .getByRole('tablist')
      .evaluate((tabs) => tabs.getBoundingClientRect().bottom);
    const firstTop = await cards.first().evaluate((card) => card.getBoundingClientRect().top);
    expect(firstTop).toBeGreaterThanOrEqual(tabsBottom);
    expect(firstTop).toBeLessThan(tabsBottom + 40);
    await screenshot(page, 'lists-excursions-resorted-from-deep');
    await context.close();
  });

  it('keeps the chosen tab after a reload', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await page.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Подешевле' }).click();
    await expect.poll(() => page.url()).toContain('?sort=cheaper');

    await page.reload();
    await appDrawn(page);
    await page.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('tab', { name: 'Подешевле' }).getAttribute('aria-selected')).toBe('true');
    await expectOrder(page, '#excursions-panel', 'cheaper');
    await context.close();
  });

  it('shows the destinations and the historical places below the list', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    const cities = page.getByRole('list', { name: 'Популярные направления' }).getByRole('link');
    await expect.poll(() => cities.count(), { timeout: 30_000 }).toBe(catalogue.cities.length);
    const places = page.getByRole('list', { name: 'Исторические места' }).getByRole('link');
    await expect.poll(() => places.count()).toBe(catalogue.places.length);
    await page.getByRole('heading', { name: 'Популярные направления' }).evaluate((h) => h.scrollIntoView());
    await screenshot(page, 'lists-excursions-grids');
    await context.close();
  });
});

describe('category pages', () => {
  it('each lists exactly the excursions of its category, under the same sort tabs', async () => {
    const { context, page } = await openPhone(browser);
    for (const { slug, category } of CATEGORY_ROUTES) {
      const own = catalogue.excursions.filter((e) => e.category === category);
      expect(own.length, category).toBeGreaterThan(0);
      await page.goto(`${baseUrl}/excursions/${slug}`);
      await page.getByRole('heading', { name: category, level: 1 }).waitFor({ timeout: 30_000 });
      await expectOrder(page, '#category-panel', 'nearest', (e) => e.category === category);

      // A tap on the drawn page before the app has taken it over is first-input.test.ts's case; this
      // one taps the app's own tabs.
      await appDrawn(page);
      await page.getByRole('tab', { name: 'Подороже' }).click();
      await expectOrder(page, '#category-panel', 'pricier', (e) => e.category === category);
      // 'Смотрите также' leads to the three other categories.
      const seeAlso = page.getByRole('list', { name: 'Смотрите также' }).getByRole('link');
      expect((await seeAlso.allInnerTexts()).sort()).toEqual(
        CATEGORY_ROUTES.filter((c) => c.slug !== slug)
          .map((c) => c.category)
          .sort(),
      );
    }
    await context.close();
  });

  it('opens from a category tile, survives a reload, and thanks the subscriber', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await page
      .getByRole('list', { name: 'Категории экскурсий' })
      .getByRole('link', { name: 'Дворцы' })
      .click();
    await page.waitForURL(/\/excursions\/castles$/);
    await expectOrder(page, '#category-panel', 'nearest', (e) => e.category === 'Дворцы');

    await page.getByRole('tab', { name: 'Популярные' }).click();
    await page.waitForURL(/\?sort=popular$/);
    await page.reload();
    await page.getByRole('heading', { name: 'Дворцы', level: 1 }).waitFor({ timeout: 30_000 });
    await expectOrder(page, '#category-panel', 'popular', (e) => e.category === 'Дворцы');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'lists-category');

    await page.getByRole('heading', { name: 'Скидка 5% на первую поездку' }).scrollIntoViewIfNeeded();
    await page.getByLabel('Электронная почта').fill('not-an-address');
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await page.getByText('Проверьте адрес электронной почты').waitFor();
    await page.getByLabel('Электронная почта').fill('guest@example.ru');
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await page.getByText(/Спасибо! Адрес guest@example\.ru/).waitFor();
    await screenshot(page, 'lists-category-subscribed');
    await context.close();
  });
});

describe('/stories', () => {
  it('lists every historical place and links each to its page', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/stories`);
    const list = page.getByRole('list', { name: 'Все исторические места' });
    await list.waitFor({ timeout: 30_000 });
    const names = await list.locator('.place-list-name').allInnerTexts();
    expect(names).toEqual([...catalogue.places].sort((a, b) => a.id - b.id).map((p) => p.name));
    const hrefs = await list
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([...catalogue.places].sort((a, b) => a.id - b.id).map((p) => `/place/${p.id}`));
    const cities = page.getByRole('list', { name: 'Смотрите также: направления' }).getByRole('link');
    await expect.poll(() => cities.count()).toBe(catalogue.cities.length);
    await screenshot(page, 'lists-stories');
    await context.close();
  });
});

describe('/place/{id}', () => {
  it("shows a place with its nearest excursion, or 'Нет доступных…' when it has none", async () => {
    const withExcursion = [...catalogue.places]
      .sort((a, b) => a.id - b.id)
      .map((place) => ({ place, own: catalogue.excursions.filter((e) => e.place === place.id) }));
    // Prefer a place with several excursions: then "nearest" is a real choice, not the only one.
    const rich = withExcursion.filter((p) => p.own.length > 0).sort((a, b) => b.own.length - a.own.length)[0];
    expect(rich).toBeDefined();
    const { place } = rich!;
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/place/${place.id}`);
    await page.getByRole('heading', { name: place.name, level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByText(place.description).waitFor();
    await expectCards(page, '.place-page', (now) =>
      expectedOrder(
        now.excursions.filter((e) => e.place === place.id),
        'nearest',
        now.tours,
      ).slice(0, 1),
    );
    expect(await page.getByRole('list', { name: 'Галерея' }).getByRole('img').count()).toBe(
      place.gallery.length,
    );
    expect(await page.getByRole('list', { name: 'Похожие места' }).getByRole('link').count()).toBeGreaterThan(
      0,
    );
    await screenshot(page, 'lists-place');
    await page.getByRole('heading', { name: 'Ближайшая экскурсия' }).evaluate((h) => h.scrollIntoView());
    await screenshot(page, 'lists-place-more');

    const bare = withExcursion.find((p) => p.own.length === 0);
    if (bare) {
      await page.goto(`${baseUrl}/place/${bare.place.id}`);
      await page
        .getByText('Нет доступных экскурсий для этой достопримечательности')
        .waitFor({ timeout: 30_000 });
      expect(await page.locator('.place-page .excursion-card').count()).toBe(0);
    }
    await context.close();
  });

  it("says 'place not found' for an unknown or malformed id once the replica has synced", async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/place/999999`);
    await page.getByText('place not found', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Назад' }).waitFor();
    await page.goto(`${baseUrl}/place/12abc`);
    await page.getByText('place not found', { exact: true }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('/city/{id}', () => {
  it('lists exactly the excursions of that city, most popular first', async () => {
    const city = [...catalogue.cities].sort(
      (a, b) =>
        catalogue.excursions.filter((e) => e.city === b.name).length -
        catalogue.excursions.filter((e) => e.city === a.name).length,
    )[0]!;
    const own = catalogue.excursions.filter((e) => e.city === city.name);
    expect(own.length).toBeGreaterThan(1);
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/city/${city.id}`);
    await page.getByRole('heading', { name: city.name, level: 1 }).waitFor({ timeout: 30_000 });
    await expectOrder(page, '.city-page', 'popular', (e) => e.city === city.name);
    await screenshot(page, 'lists-city');
    await context.close();
  });

  it("says 'city not found' for an unknown id once the replica has synced", async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/city/999999`);
    await page.getByText('city not found', { exact: true }).waitFor({ timeout: 30_000 });
    await page.goto(`${baseUrl}/city/0`);
    await page.getByText('city not found', { exact: true }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('/favorite', () => {
  it('sends an anonymous visitor to the login page', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/favorite`);
    await page.waitForURL(/\/profile\/login$/, { timeout: 30_000 });
    await context.close();
  });

  it("shows a signed-in user's favourites, or the empty text", async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.seller2);
    const favorites = await serverFavorites(baseUrl, token);
    await page.goto(`${baseUrl}/favorite`);
    await page.getByRole('heading', { name: 'Избранное', level: 1 }).waitFor({ timeout: 30_000 });
    if (favorites.length === 0) {
      await page.getByText('Вы не лайкнули ни одной экскурсии').waitFor({ timeout: 30_000 });
    } else {
      const expected = catalogue.excursions.filter((e) => favorites.includes(e._id)).map((e) => e.title);
      await expect
        .poll(async () => (await cardTitles(page, '.favorites-page')).sort(), { timeout: 30_000 })
        .toEqual(expected.sort());
    }
    await screenshot(page, 'lists-favorites');
    await context.close();
  });
});

describe('/about', () => {
  it('introduces the company with its legal name, phone and a link to the catalogue', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/about`);
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'О нас', level: 1 }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'lists-about');
    expect(await main.innerText()).toContain('ООО «Крым Экскурсии»');
    expect(await main.getByRole('link', { name: '+7 (978) 555-12-34' }).getAttribute('href')).toBe(
      'tel:+79785551234',
    );
    await main.getByRole('link', { name: 'Смотреть экскурсии' }).click();
    await page.waitForURL(/\/excursions$/);
    await context.close();
  });
});
