import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Change } from '../../src/protocol/sync';
import type { Excursion } from '../../src/domain/types';
import { appDrawn, launchBrowser, openPhone } from '../support/browser';

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

  it('cut short after its first page, never says an excursion it has not pulled yet is not found', async () => {
    const { excursions } = (await (await fetch(`${baseUrl}/api/excursions`)).json()) as {
      excursions: Excursion[];
    };
    const missing = excursions[0] as Excursion;
    const { context, page } = await openPhone(browser);
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const heading = document.querySelector('h1')?.textContent;
        if (heading === 'Excursion not found') (window as { sawNotFound?: boolean }).sawNotFound = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // The first page arrives without one excursion and with a cursor of the snapshot's first stage,
    // from the start (as if the page had been the first of several); then the signal is lost.
    let cut: string | undefined;
    let connected = false;
    let refused = 0;
    await context.route(/\/api\/sync\b/, async (route) => {
      if (new URL(route.request().url()).searchParams.has('cursor')) {
        if (connected) return route.continue();
        refused += 1;
        return route.abort('internetdisconnected');
      }
      const response = await route.fetch();
      // Once: a first sync that starts over (the signal back) gets the whole page.
      if (cut) return route.fulfill({ response });
      const body = (await response.json()) as { cursor: string; changes: Change[] };
      // v1.{at}.{user}, s1.{at}.{after}.{user} or t1.{at}.{user}…: the snapshot's mark and the user.
      const parts = body.cursor.split('.');
      const user = parts[0] === 's1' ? parts[3] : parts[2];
      cut = `s1.${parts[1]}.0.${user}`;
      const changes = body.changes.filter(
        (change) =>
          !(change.collection === 'excursions' && change.op === 'put' && change.row._id === missing._id),
      );
      expect(changes.length).toBe(body.changes.length - 1);
      await route.fulfill({ response, json: { cursor: cut, changes, more: true } });
    });
    await page.goto(`${baseUrl}/about`);
    // The app's replica's cursor; never opens (and so creates) a database the app has not made yet.
    const storedCursor = () =>
      page.evaluate(async () => {
        const names = (await indexedDB.databases()).map((database) => database.name);
        if (!names.includes('krym-excursions')) return undefined;
        return new Promise<string | undefined>((resolve) => {
          const request = indexedDB.open('krym-excursions');
          request.onerror = () => resolve(undefined);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('meta')) {
              db.close();
              resolve(undefined);
              return;
            }
            const get = db.transaction('meta').objectStore('meta').get('cursor');
            get.onsuccess = () => {
              db.close();
              resolve((get.result as { value?: string } | undefined)?.value);
            };
          };
        });
      });
    await expect.poll(() => cut, { timeout: 30_000 }).toBeDefined();
    await expect.poll(storedCursor, { timeout: 30_000 }).toBe(cut);

    // Still without signal, the excursion's page: the server drew it; the app keeps that drawing and
    // tries to pull, rather than replacing it with 'Excursion not found'.
    const before = refused;
    await page.goto(`${baseUrl}/excursion/${missing._id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.getByText(missing.title, { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThan(before);
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as { sawNotFound?: boolean }).sawNotFound ?? false)).toBe(false);
    expect(await heading.innerText()).toBe(missing.title);

    // The signal is back: the pull goes on from the stored cursor and the app draws the excursion.
    connected = true;
    await appDrawn(page, 60_000);
    await expect.poll(() => heading.innerText()).toBe(missing.title);
    await expect.poll(storedCursor, { timeout: 30_000 }).toMatch(/^v1\./);
    expect(await page.evaluate(() => (window as { sawNotFound?: boolean }).sawNotFound ?? false)).toBe(false);
    await context.close();
  });
});
