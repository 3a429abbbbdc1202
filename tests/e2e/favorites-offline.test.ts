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

  it('on a first visit that loses the network as the screen is drawn, says so and reaches the server once it returns', async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.tourist);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    // Before the code that follows the first screen (the sync engine, the status parts, the service
    // worker) has arrived.
    await context.setOffline(true);
    await page.locator('.excursion-card').first().waitFor({ timeout: 30_000 });
    const favourites = await serverFavorites(token);
    const ids = await Promise.all((await page.locator('.excursion-card').all()).map(cardExcursionId));
    const excursionId = ids.find((id) => !favourites.includes(id));
    if (!excursionId) throw new Error('every drawn card is a favourite already');
    const card = cardOf(page, excursionId);
    await card.getByRole('button', { name: 'Добавить в избранное' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Убрать из избранного' }).count()).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Нет сети' }).waitFor();

    await context.setOffline(false);
    await expect.poll(() => serverFavorites(token), { timeout: 30_000 }).toContain(excursionId);
    expect(await page.getByRole('status').filter({ hasText: 'Нет сети' }).count()).toBe(0);
    // The style sheets of the parts that arrived late apply too: each linked sheet has loaded (one that
    // failed has no rules to read). A disabled link stands for a sheet the drawn page has inline
    // (src/client/app/ssr/boot.ts).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
            .filter((link) => {
              if (link.disabled) return false;
              try {
                return (link.sheet?.cssRules.length ?? 0) === 0;
              } catch {
                return true;
              }
            })
            .map((link) => link.href),
        ),
      )
      .toEqual([]);
    await context.close();
  });
});
