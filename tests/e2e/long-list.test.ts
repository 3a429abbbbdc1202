import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDrawn, launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';
import { lengthenCatalogue } from '../support/long-catalogue';

// A catalogue far larger than the demo's (support/long-catalogue.ts): the list draws its cards a step
// at a time, and scrolling to the end still shows every one.

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
    const synced = await lengthenCatalogue(page, EXTRA, 'ffff');
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    const cards = page.locator('#excursions-panel .excursion-card');
    await cards.first().waitFor();
    // The server-drawn first screen has cards before the phone's first sync has answered.
    await expect.poll(synced).toBeGreaterThan(EXTRA);
    const total = synced();
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
