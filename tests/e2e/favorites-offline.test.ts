import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { appDrawn, cardExcursionId, cardOf, launchBrowser, openPhone, screenshot } from '../support/browser';
import { serverFavorites as favoritesOnServer } from '../support/server-state';
import { signIn } from '../support/session';
import { product } from '../support/e2e-product';

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const serverFavorites = (token: string) => favoritesOnServer(baseUrl, token);

describe('a favourite made offline', () => {
  it('shows at once, survives being offline, and reaches the server when the network returns', async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.tourist);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    const first = page.locator('.excursion-card').first();
    await first.waitFor({ timeout: 30_000 });
    const excursionId = await cardExcursionId(first);
    const firstCard = cardOf(page, excursionId);
    // textContent: a card out of view skips its rendering (content-visibility) and has no innerText.
    const title = ((await firstCard.locator('h3').textContent()) ?? '').trim();
    expect(title).not.toBe('');
    expect(await serverFavorites(token)).not.toContain(excursionId);

    await context.setOffline(true);
    const heart = firstCard.getByRole('button', { name: 'Добавить в избранное' });
    await heart.click();
    await expect.poll(() => firstCard.getByRole('button', { name: 'Убрать из избранного' }).count()).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Нет сети' }).waitFor();
    await screenshot(page, 'favorite-offline');
    expect(await serverFavorites(token)).not.toContain(excursionId);

    await context.setOffline(false);
    await expect.poll(() => serverFavorites(token), { timeout: 30_000 }).toContain(excursionId);
    // The replica agrees: the favourites page lists it.
    await page.goto(`${baseUrl}/favorite`);
    await page.getByText(title, { exact: true }).first().waitFor({ timeout: 15_000 });
    await context.close();
  });
});
