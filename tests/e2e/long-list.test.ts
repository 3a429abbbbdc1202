import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change, SyncResponse } from '../../src/protocol/sync';
import { appDrawn, launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

// A catalogue far larger than the demo's: the list draws its cards a step at a time, and scrolling to
// the end still shows every one. The phone's first sync is the server's real answer with extra
// excursions added (copies of a real one under new ids), so the rest of the app runs as usual.

const baseUrl = product('baseUrl');
const EXTRA = 75;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a long excursion list', () => {
  it('draws a step of cards first and every card once scrolled to the end', async () => {
    const { context, page } = await openPhone(browser);
    let total = 0;
    await page.route(
      (url) => url.pathname === '/api/sync' && !url.searchParams.has('cursor'),
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as SyncResponse;
        const template = body.changes.find(
          (change): change is Extract<Change, { collection: 'excursions'; op: 'put' }> =>
            change.collection === 'excursions' && change.op === 'put',
        );
        if (!template) throw new Error('the first sync holds no excursion');
        const extra = Array.from({ length: EXTRA }, (_, i) => ({
          ...template,
          row: {
            ...template.row,
            _id: `ffff${String(i).padStart(20, '0')}`,
            title: `Длинный список №${i + 1}`,
            popularity: 0,
          },
        }));
        const changes = [...body.changes, ...extra];
        total = changes.filter((change) => change.collection === 'excursions').length;
        await route.fulfill({ response, json: { ...body, changes } });
      },
    );
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    const cards = page.locator('#excursions-panel .excursion-card');
    await cards.first().waitFor();
    // The server-drawn first screen has cards before the phone's first sync has answered.
    await expect.poll(() => total).toBeGreaterThan(EXTRA);
    await expect.poll(() => page.locator('.list-count').innerText()).toContain(String(total));
    // Drawn a step at a time: far fewer cards than excursions before any scrolling.
    expect(await cards.count()).toBeLessThan(total);

    for (let i = 0; i < 40 && (await cards.count()) < total; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(100);
    }
    expect(await cards.count()).toBe(total);
    const titles = await page.locator('#excursions-panel .excursion-card h3').allTextContents();
    expect(new Set(titles).size).toBeGreaterThanOrEqual(EXTRA);
    expect(titles).toContain(`Длинный список №${EXTRA}`);
    await screenshot(page, 'long-list-end');
    await context.close();
  });
});
