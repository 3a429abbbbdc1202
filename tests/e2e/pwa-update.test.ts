import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { cardExcursionId, launchBrowser, openPhone, screenshot } from '../support/browser';
import { freePort, ROOT, startProduct, type StartedProduct } from '../support/process';
import { serverFavorites } from '../support/server-state';
import { signIn } from '../support/session';

// A new version reaches an installed app: the product's build is served, then a changed build is
// served on the same address and data, and the open app offers the update and applies it on Reload.

const NEEDS_REFRESH = 'New content available, click on reload button to update.';
let browser: Browser;
let dataDir: string;
let dists: string[] = [];
let product: StartedProduct | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = await mkdtemp(join(tmpdir(), 'krym-pwa-update-'));
  dists = [await mkdtemp(join(tmpdir(), 'krym-dist-a-')), await mkdtemp(join(tmpdir(), 'krym-dist-b-'))];
  // The first version is the build every e2e test runs (the global setup's `npm start` made it
  // current), copied so that the second build never touches it.
  await cp(join(ROOT, 'dist'), dists[0] as string, { recursive: true });
});
afterAll(async () => {
  await product?.stop('SIGTERM');
  await browser?.close();
  for (const dir of [dataDir, ...dists]) if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * `npm start` with its own build folder; given a label, it builds the client anew under that label,
 * which the page shows.
 */
function serve(port: number, dist: string, label?: string): Promise<StartedProduct> {
  const build: Record<string, string> = label ? { APP_BUILD_LABEL: label, FORCE_BUILD: '1' } : {};
  return startProduct({ DATA_DIR: dataDir, DIST_DIR: dist, PORT: String(port), ...build }, 180_000);
}

const build = (page: Page) => page.evaluate(() => document.documentElement.dataset.build);

describe('updating the installed app', () => {
  it('offers the new build, and Reload brings it to every open tab without losing a queued change', async () => {
    const port = await freePort();
    product = await serve(port, dists[0] as string);
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
    const first = await build(page);
    expect(first).toBeTruthy();
    expect(first).not.toBe('build-b');

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

    // The changed app is built and served on the same address; the hourly check finds it.
    await product.stop('SIGTERM');
    product = await serve(port, dists[1] as string, 'build-b');
    // An hour passes on the page's clock: the app's own hourly timer re-fetches /sw.js and updates.
    await page.clock.fastForward('01:00:00');
    const toast = page.getByRole('alert', { name: 'Обновление приложения' });
    await toast.getByText(NEEDS_REFRESH, { exact: true }).waitFor({ timeout: 30_000 });
    await other.getByText(NEEDS_REFRESH, { exact: true }).waitFor({ timeout: 30_000 });
    // The old build keeps running until the user says so.
    expect(await build(page)).toBe(first);
    await screenshot(page, 'pwa-update-available');

    await toast.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => build(page), { timeout: 30_000 }).toBe('build-b');
    await expect.poll(() => build(other), { timeout: 30_000 }).toBe('build-b');
    await page.locator('.excursion-card').first().waitFor();
    expect(otherLoads).toBe(1);
    expect(await page.getByText(NEEDS_REFRESH).count()).toBe(0);

    // The queued favourite survived the switch and reaches the server once its requests go through.
    await context.unroute('**/api/users/*/favorites/**');
    const url = product.url;
    await expect.poll(() => serverFavorites(url, token), { timeout: 45_000 }).toContain(excursionId);
    await context.close();
    // Two product starts and a client build of its own: on a loaded two-core machine this file alone
    // has taken close to the project's 120 s; the guard against a hang is set for it.
  }, 300_000);
});
