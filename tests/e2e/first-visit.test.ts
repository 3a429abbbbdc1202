import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhone } from '../support/browser';

// A first visit asks for the catalogue as soon as the app's first script runs, and the sync engine
// uses that answer instead of asking again (src/client/sync/first-page.ts). Once the replica is
// filled, starts ask for changes after the stored cursor only.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isSync = (request: Request) => new URL(request.url()).pathname === '/api/sync';
const hasCursor = (request: Request) => new URL(request.url()).searchParams.has('cursor');

describe('the first visit', () => {
  it('asks for the first page once, before the sync engine loads, and never again after', async () => {
    const { context, page } = await openPhone(browser);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (isSync(request)) asked.push(hasCursor(request) ? 'sync after cursor' : 'first page');
      // The engine's own code (src/client/sync/browser.ts) is a chunk of its own.
      else if (/\/assets\/browser-[\w-]+\.js$/.test(request.url())) asked.push('engine');
    });
    await page.goto(`${baseUrl}/excursions`);
    await page.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('replica_filled'))).toBe('1');
    expect(asked.filter((what) => what === 'first page')).toHaveLength(1);
    expect(asked.indexOf('first page')).toBeLessThan(asked.indexOf('engine'));

    // Closed first: only one tab of an origin pulls (the leader).
    await page.close();
    const next = await context.newPage();
    const later: string[] = [];
    next.on('request', (request) => {
      if (isSync(request)) later.push(request.url());
    });
    await next.goto(`${baseUrl}/excursions`);
    await next.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => later.length).toBeGreaterThan(0);
    expect(later.every((url) => new URL(url).searchParams.has('cursor'))).toBe(true);
    await context.close();
  });
});
