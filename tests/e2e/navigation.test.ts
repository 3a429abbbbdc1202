import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { appDrawn, cardExcursionId, launchBrowser, openPhone, PHONE, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';
import { lengthenCatalogue } from '../support/long-catalogue';
import { signIn } from '../support/session';
import { closeOfflineToast } from '../support/e2e-departure';

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const APP_NAME = 'Экскурсии по Крыму';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Основные разделы' });

/** The highlighted tabs: label and aria-current of each (one at most is expected). */
const activeTabs = (page: Page) =>
  tabBar(page)
    .locator('a.active')
    .evaluateAll((links) =>
      links.map((link) => ({
        label: link.textContent?.trim(),
        current: link.getAttribute('aria-current'),
      })),
    );

/** The first link of the page that leads to a route like `/place/…`, as its path. */
async function firstLinkTo(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  await link.waitFor({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no link to ${prefix}`);
  return href;
}

describe('the tab bar', () => {
  it('highlights the tab of the section each screen belongs to', async () => {
    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.tourist);
    await page.goto(`${baseUrl}/stories`);
    await appDrawn(page);
    const place = await firstLinkTo(page, '/place/');
    const city = await firstLinkTo(page, '/city/');
    await page.goto(`${baseUrl}/excursions`);
    const card = page.locator('.excursion-card').first();
    await card.waitFor({ timeout: 30_000 });
    const excursion = `/excursion/${await cardExcursionId(card)}`;

    const expected: [string, string | undefined, string | undefined][] = [
      ['/', 'Главная', 'page'],
      ['/excursions', 'Экскурсии', 'page'],
      ['/excursions/castles', 'Экскурсии', 'true'],
      [excursion, 'Экскурсии', 'true'],
      [`/booking/${excursion.split('/').pop()}`, 'Экскурсии', 'true'],
      ['/schedule', 'Расписание', 'page'],
      ['/stories', 'Истории', 'page'],
      [place, 'Истории', 'true'],
      [city, 'Истории', 'true'],
      ['/profile', 'Профиль', 'page'],
      ['/favorite', 'Профиль', 'true'],
      ['/profile/tickets', 'Профиль', 'true'],
      ['/profile/tickets/ticket/000000000000000000000000', 'Профиль', 'true'],
      ['/about', undefined, undefined],
    ];
    const seen: [string, string | undefined, string | undefined][] = [];
    for (const [path] of expected) {
      await page.goto(`${baseUrl}${path}`);
      await appDrawn(page);
      // The signed-in screens pass the session check first; the path stays the screen's own.
      expect(new URL(page.url()).pathname).toBe(path);
      const active = await activeTabs(page);
      expect(active.length, path).toBeLessThanOrEqual(1);
      seen.push([path, active[0]?.label, active[0]?.current ?? undefined]);
      if (path === place) await screenshot(page, 'navigation-tab-place');
    }
    expect(seen).toEqual(expected);
    await context.close();
  });
});

describe('the side menu', () => {
  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(baseUrl);
    await appDrawn(page);
    const toggle = page.getByRole('button', { name: 'Открыть меню' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#side-menu');
    await menu.getByRole('link', { name: 'О нас' }).waitFor();
    // Opened from the keyboard, the focus is in the menu, on its first link.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('#side-menu') !== null))
      .toBe(true);
    await screenshot(page, 'navigation-menu-open');

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isHidden()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')))
      .toBe('side-menu');
    expect(await page.getByRole('button', { name: 'Открыть меню' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    // The focus is where it was: Enter on it opens the menu again.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'О нас' }).waitFor();
    await screenshot(page, 'navigation-menu-reopened');
    await context.close();
  });
});

describe('document titles', () => {
  it('gives every screen a title of its own and names the subject of a detail screen', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(baseUrl);
    await appDrawn(page);
    const titles = new Map<string, string>();
    titles.set('/', await page.title());
    expect(titles.get('/')).toBe(APP_NAME);

    // In-app navigations, each by a tab or a link as a person would.
    let previous = titles.get('/');
    for (const tab of ['Экскурсии', 'Расписание', 'Истории']) {
      await tabBar(page).getByRole('link', { name: tab }).click();
      // The address changes a moment before the new screen (and its title) is drawn.
      await expect.poll(() => page.title()).not.toBe(previous);
      previous = await page.title();
      titles.set(new URL(page.url()).pathname, previous);
    }
    const place = await firstLinkTo(page, '/place/');
    await page.locator(`main a[href="${place}"]`).first().click();
    await page.waitForURL(`${baseUrl}${place}`);
    // The place's own page, drawn once the replica has answered, is headed by its name.
    const heading = page.locator('main .place-page h1');
    await heading.waitFor();
    const placeName = await heading.innerText();
    await expect.poll(() => page.title()).toBe(`«${placeName}» — ${APP_NAME}`);
    titles.set(place, await page.title());

    await tabBar(page).getByRole('link', { name: 'Экскурсии' }).click();
    await page.waitForURL(`${baseUrl}/excursions`);
    // The list's own first card, not the leaving place page's, and pinned by its address: the list may
    // still reorder as the replica fills.
    const card = page.getByRole('tabpanel').locator('.excursion-card').first();
    await card.waitFor({ timeout: 30_000 });
    const excursion = `/excursion/${await cardExcursionId(card)}`;
    const link = page.locator(`main a.card-body[href="${excursion}"]`).first();
    // textContent, not innerText: a card scrolled out of view skips its rendering (content-visibility)
    // and then has no rendered text.
    const name = ((await link.locator('h3').textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await link.click();
    await page.waitForURL(`${baseUrl}${excursion}`);
    await page.locator('main h1').filter({ hasText: name }).waitFor();
    await expect.poll(() => page.title()).toBe(`«${name}» — ${APP_NAME}`);
    titles.set(new URL(page.url()).pathname, await page.title());
    await screenshot(page, 'navigation-title-excursion');

    // Back: the list's title again, not the detail's.
    await page.goBack();
    await expect.poll(() => page.title()).toBe(titles.get('/excursions'));

    for (const path of ['/about', '/profile/login', '/excursions/castles', '/no-such-screen']) {
      await page.goto(`${baseUrl}${path}`);
      await appDrawn(page);
      await expect.poll(() => page.title()).not.toBe(APP_NAME);
      titles.set(path, await page.title());
    }
    expect(titles.get('/no-such-screen')).toBe(`Страница не найдена — ${APP_NAME}`);
    const all = [...titles.values()];
    expect(new Set(all).size, JSON.stringify(all)).toBe(all.length);
    for (const title of all) expect(title.endsWith(APP_NAME)).toBe(true);
    await context.close();
  });
});

/** Extra excursions (copies of a real one under new ids) in the phone's first sync: a long list. */
const EXTRA = 60;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** How far down the screen an element's top is, in CSS pixels (off the page: NaN). */
const screenY = async (element: Locator) => (await element.boundingBox())?.y ?? Number.NaN;
/** How far an element is from where it was on the screen, in CSS pixels. */
const movedFrom = async (element: Locator, y: number) => Math.abs((await screenY(element)) - y);

describe('scrolling between screens', () => {
  it('opens a screen at its top, and Back returns to where the list was left', async () => {
    const { context, page } = await openPhone(browser);
    const total = await lengthenCatalogue(page, EXTRA);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    // The first visit's offline-ready line moves the page while it shows: gone before any scrolling.
    await closeOfflineToast(page);
    const cards = page.locator('#excursions-panel .excursion-card');
    await expect.poll(total).toBeGreaterThan(EXTRA);
    // The copies are in the list once it counts more than them (they come in one transaction). Not
    // the first sync's exact count: other files on this product add and hide excursions meanwhile,
    // and the live updates change the count.
    const listed = async () => Number(/^\d+/.exec(await page.locator('.list-count').innerText())?.[0]);
    await expect.poll(listed).toBeGreaterThan(EXTRA);

    // Down the list, far past the first screen and the first step of cards.
    for (let i = 0; i < 30 && (await scrollY(page)) < 6_000; i++) {
      await page.mouse.wheel(0, 1_000);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(500);
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(5_000);
    expect(await cards.count()).toBeGreaterThan(10);

    // The card in the middle of the screen is the one opened.
    const middle = await page.evaluate(
      ([x, y]) =>
        document.elementFromPoint(x, y)?.closest('.excursion-card')?.querySelector('h3')?.textContent,
      [PHONE.width / 2, PHONE.height / 2] as const,
    );
    if (!middle) throw new Error('no card in the middle of the screen');
    const opened = cards.filter({ has: page.locator('h3', { hasText: middle }) }).first();
    await screenshot(page, 'navigation-list-left');
    const leftAt = await screenY(opened);
    await opened.locator('a.card-body').click();
    await page.locator('main h1').filter({ hasText: middle }).waitFor();
    // Forward: the detail starts at its top.
    // The address changes a moment before the new screen is drawn (and scrolled).
    await expect.poll(() => scrollY(page)).toBe(0);
    await screenshot(page, 'navigation-detail-top');

    // A little way down the detail, then Back.
    await page.mouse.wheel(0, 800);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await page.goBack();
    // The same card is on the screen again, where the person left it: the list drawn again may
    // differ above it by a few pixels (cards not yet laid out keep an estimated height).
    await expect.poll(() => movedFrom(opened, leftAt)).toBeLessThanOrEqual(1);
    expect(await scrollY(page)).toBeGreaterThan(left - PHONE.height);
    await screenshot(page, 'navigation-list-restored');

    // Forward again from the restored list (a tab this time): the next screen starts at its top.
    const leftAgainAt = await screenY(opened);
    await tabBar(page).getByRole('link', { name: 'Расписание' }).click();
    await page.waitForURL(`${baseUrl}/schedule`);
    // The address changes a moment before the new screen is drawn (and scrolled).
    await expect.poll(() => scrollY(page)).toBe(0);
    // Back from there returns to the list where it was left, as from the detail.
    await page.goBack();
    await expect.poll(() => movedFrom(opened, leftAgainAt)).toBeLessThanOrEqual(1);
    await context.close();
  });
});
