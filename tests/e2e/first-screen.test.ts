import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDrawn, launchBrowser, openPhone, PHONE_CONTEXT, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

// A first visit gets its screen drawn by the server (src/server/http/first-screen.ts): readable before
// any of the app's code has run, then taken over in place by the app, which hydrates it from the data
// the server drew it from (src/client/app/main.tsx), with nothing duplicated and nothing refused by
// the CSP.

const baseUrl = product('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a first visit's screen drawn by the server", () => {
  it('shows the excursion list with no script at all', async () => {
    const context = await browser.newContext({ ...PHONE_CONTEXT, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/excursions`);
    const cards = page.locator('.excursion-card');
    expect(await cards.count()).toBeGreaterThan(3);
    await expect.poll(() => cards.first().isVisible()).toBe(true);
    // A card is a plain link the server draws too.
    await page.locator('.excursion-card .card-body').first().click();
    await page.waitForURL(/\/excursion\/[0-9a-f]{24}$/);
    await expect.poll(() => page.locator('.excursion-page h1').isVisible()).toBe(true);
    await screenshot(page, 'first-screen-no-script-excursion');
    await context.close();
  });

  it('is taken over in place: the same elements, one list, live, no mismatch and no CSP refusal', async () => {
    const { context, page } = await openPhone(browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    // The first card the parser puts in the page is marked before any of the app's code runs.
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        for (const node of records.flatMap((record) => [...record.addedNodes])) {
          if (node instanceof HTMLElement && node.matches('.excursion-card')) {
            node.dataset.drawnByServer = 'yes';
            observer.disconnect();
            return;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await page.waitForTimeout(1_000);
    expect(await page.locator('.excursion-card').first().getAttribute('data-drawn-by-server')).toBe('yes');
    const cards = page.locator('.excursion-card');
    expect(await cards.count()).toBeGreaterThan(3);
    expect(await page.locator('#excursions-panel').count()).toBe(1);
    // The app's own screen: a sort tab re-sorts in place.
    await page.getByRole('tab', { name: 'Подешевле' }).click();
    await expect.poll(() => page.url()).toContain('sort=');
    await screenshot(page, 'first-screen-handed-over');
    expect(errors.filter((text) => /Content Security Policy|did not match/i.test(text))).toEqual([]);
    await context.close();
  });

  it("loads the screen's code without a second copy of its inline sheets or a link added twice", async () => {
    const { context, page } = await openPhone(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    const inline = await page.evaluate(
      () =>
        document.querySelector<HTMLMetaElement>('meta[name="app-inline-sheets"]')?.content.split(' ') ?? [],
    );
    expect(inline.length).toBeGreaterThan(1);
    expect(inline.every((href) => /^\/assets\/[\w-]+\.css$/.test(href))).toBe(true);
    // The page has these sheets inline: none is downloaded, and the list's code came once each.
    expect(requested.filter((path) => inline.includes(path))).toEqual([]);
    // Scripts downloaded: the pull worker loads the sync code's files again into its own context, but
    // from the browser's cache (nothing transferred); none comes over the network twice.
    const downloaded = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.transferSize > 0)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    expect(downloaded.length).toBeGreaterThan(3);
    expect(downloaded.filter((path, index) => downloaded.indexOf(path) !== index)).toEqual([]);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.href),
    );
    expect(links.filter((href, index) => links.indexOf(href) !== index)).toEqual([]);
    // The sheets still style the screen once the app runs it.
    const title = page.locator('#root .excursions-page h1');
    expect(await title.evaluate((element) => getComputedStyle(element).fontSize)).toBe('24px');
    await context.close();
  });

  /**
   * Opens /excursions with the server's eager picture (the first card's) answered `holdMs` late, and
   * tells when that picture's answer ended and when the app's entry was asked for (page clock, ms).
   */
  async function visitWithSlowPicture(holdMs: number) {
    const html = await (await fetch(`${baseUrl}/excursions`)).text();
    const eager = /<img src="([^"]+)"[^>]*loading="eager"/.exec(html)?.[1];
    expect(eager, 'the drawn list has an eager picture').toBeTruthy();
    const entry = /<meta name="app-entry" content="([^"]+)">/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const { context, page } = await openPhone(browser);
    const started = Date.now();
    let pictureEnd: number | undefined;
    let entryAsked: number | undefined;
    await page.route(
      (url) => `${url.pathname}${url.search}` === eager,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        await route.continue();
      },
    );
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname + new URL(request.url()).search === eager) {
        pictureEnd ??= Date.now() - started;
      }
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === entry) entryAsked ??= Date.now() - started;
    });
    await page.goto(`${baseUrl}/excursions`);
    await expect.poll(() => entryAsked !== undefined, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => pictureEnd !== undefined, { timeout: 15_000 }).toBe(true);
    await appDrawn(page);
    await context.close();
    return { pictureEnd: pictureEnd ?? Number.NaN, entryAsked: entryAsked ?? Number.NaN };
  }

  it("asks for the app's code once the screen's main picture is on screen, not alongside it", async () => {
    // Held 600 ms: an entry asked for at the first paint would come long before the picture.
    const { pictureEnd, entryAsked } = await visitWithSlowPicture(600);
    expect(pictureEnd).toBeGreaterThanOrEqual(600);
    expect(entryAsked).toBeGreaterThan(pictureEnd);
  });

  it('does not hold the code back for a picture that takes more than a second', async () => {
    const { pictureEnd, entryAsked } = await visitWithSlowPicture(5_000);
    expect(pictureEnd).toBeGreaterThanOrEqual(5_000);
    expect(entryAsked).toBeLessThan(pictureEnd);
  });

  it('takes every drawn route over the same way, with no mismatch: home, list, category, excursion', async () => {
    const html = await (await fetch(`${baseUrl}/excursions/castles`)).text();
    const id = /href="\/excursion\/([0-9a-f]{24})"/.exec(html)?.[1];
    expect(id).toBeDefined();
    for (const path of ['/', '/excursions', '/excursions/castles', `/excursion/${id}`]) {
      const { context, page } = await openPhone(browser);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' && message.text().includes('did not match'))
          warnings.push(message.text());
      });
      const response = await page.goto(`${baseUrl}${path}`);
      // Drawn by the server: the page arrives with the data it was drawn from.
      expect(await response?.text(), path).toContain('id="first-screen-data"');
      await appDrawn(page);
      await page.waitForTimeout(1_000);
      expect(warnings, path).toEqual([]);
      expect(await page.locator('#root main.page').count(), path).toBe(1);
      await context.close();
    }
  });

  it('draws the page from the replica when its embedded data is malformed', async () => {
    const { context, page } = await openPhone(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(`${baseUrl}/excursions`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(id="first-screen-data">)\{/, '$1{"now":"x",');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await expect.poll(() => page.locator('.excursion-card').count(), { timeout: 30_000 }).toBeGreaterThan(3);
    expect(await page.locator('#excursions-panel').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says once that a drawn page did not match its data, and shows the page from the data', async () => {
    const { context, page } = await openPhone(browser);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('did not match'))
        warnings.push(message.text());
    });
    // The drawn list says one thing and the data another, as when a page is served stale.
    let title = '';
    await page.route(`${baseUrl}/excursions`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      title = /<a class="card-body"[^>]*><h3>([^<]+)<\/h3>/.exec(html)?.[1] ?? '';
      await route.fulfill({ response, body: html.replace(`<h3>${title}</h3>`, '<h3>Старое название</h3>') });
    });
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    expect(title).not.toBe('');
    await expect.poll(() => page.getByRole('heading', { name: title }).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByText('Старое название').count()).toBe(0);
    expect(warnings).toHaveLength(1);
    await context.close();
  });

  it('takes the home screen over with one of each of its parts', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/`);
    await appDrawn(page);
    expect(await page.locator('#hero-title').count()).toBe(1);
    expect(await page.locator('.home .excursion-card').count()).toBeGreaterThan(0);
    await screenshot(page, 'first-screen-home');
    await context.close();
  });
});
