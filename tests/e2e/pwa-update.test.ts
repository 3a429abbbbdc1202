import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { cardExcursionId, cardOf, launchBrowser, openPhone, screenshot } from '../support/browser';
import { buildMark, makeNextBuild } from '../support/next-build';
import { ROOT, startProduct, type StartedProduct } from '../support/process';
import { serverFavorites } from '../support/server-state';
import { signIn } from '../support/session';

// A new version reaches an installed app: the product serves a copy of the build, the copy is changed
// into the next version on the same address and data, and the open app offers the update and applies
// it on Reload.

const NEEDS_REFRESH = 'New content available, click on reload button to update.';
let browser: Browser;
let dataDir: string;
let dist: string;
let product: StartedProduct | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = await mkdtemp(join(tmpdir(), 'krym-pwa-update-'));
  dist = await mkdtemp(join(tmpdir(), 'krym-dist-'));
  // The build every e2e test runs (the global setup's `npm start` made it current), copied so that
  // changing it into the next version touches no other test's files.
  await cp(join(ROOT, 'dist'), dist, { recursive: true });
});
afterAll(async () => {
  await product?.stop('SIGTERM');
  await browser?.close();
  for (const dir of [dataDir, dist]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('updating the installed app', () => {
  it('offers the new build, and Reload brings it to every open tab without losing a queued change', async () => {
    product = await startProduct({ DATA_DIR: dataDir, DIST_DIR: dist }, 180_000);
    const { context, page } = await openPhone(browser);
    // The page's clock is under the test's control (it runs at its normal pace until told otherwise).
    await context.clock.install();
    const token = await signIn(context, dataDir, DEMO.tourist);

    await page.goto(`${product.url}/excursions`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // The offline-ready line (its words, then the trip download's offer) is closed by its button.
    await page
      .getByRole('alert', { name: 'Обновление приложения' })
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 15_000 });
    expect(await buildMark(page)).toBeNull();

    // A favourite the server has not heard of yet: its request fails, so it waits in the outbox.
    await context.route('**/api/users/*/favorites/**', (route) => route.abort('internetdisconnected'));
    // This test's own server: nothing else adds tours, so the first card stays first.
    const card = page.locator('.excursion-card').first();
    const excursionId = await cardExcursionId(card);
    await card.getByRole('button', { name: 'Добавить в избранное' }).click();
    await card.getByRole('button', { name: 'Убрать из избранного' }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await serverFavorites(product.url, token)).not.toContain(excursionId);

    // A second tab of the same app, which must follow the first one onto the new build.
    const other = await context.newPage();
    await other.goto(`${product.url}/schedule`);
    await other.waitForFunction(() => navigator.serviceWorker.controller !== null);
    let otherLoads = 0;
    other.on('load', () => otherLoads++);

    // The next version is served on the same address; the hourly check finds it.
    await makeNextBuild(dist, 'build-b');
    // An hour passes on the page's clock: the app's own hourly timer re-fetches /sw.js and updates.
    await page.clock.fastForward('01:00:00');
    const toast = page.getByRole('alert', { name: 'Обновление приложения' });
    await toast.getByText(NEEDS_REFRESH, { exact: true }).waitFor({ timeout: 30_000 });
    await other.getByText(NEEDS_REFRESH, { exact: true }).waitFor({ timeout: 30_000 });
    // The old build keeps running until the user says so.
    expect(await buildMark(page)).toBeNull();
    await screenshot(page, 'pwa-update-available');

    await toast.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => buildMark(page), { timeout: 30_000 }).toBe('build-b');
    await expect.poll(() => buildMark(other), { timeout: 30_000 }).toBe('build-b');
    // The new build's mark is in the page before its 'load' event, which waits for its pictures.
    await expect.poll(() => otherLoads).toBe(1);
    // The favourite is still queued on the new build: drawn on its card, unknown to the server.
    await cardOf(page, excursionId).getByRole('button', { name: 'Убрать из избранного' }).waitFor();
    expect(await serverFavorites(product.url, token)).not.toContain(excursionId);
    expect(await page.getByText(NEEDS_REFRESH).count()).toBe(0);

    // The queued favourite survived the switch and reaches the server once its requests go through.
    await context.unroute('**/api/users/*/favorites/**');
    const url = product.url;
    await expect.poll(() => serverFavorites(url, token), { timeout: 45_000 }).toContain(excursionId);
    // The other tab was reloaded once, not again.
    expect(otherLoads).toBe(1);
    await context.close();
  });
});
