import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../src/protocol/sync';
import type { Excursion, Place } from '../../src/domain/types';
import { FAVORITES } from '../../src/client/app/pages/favorites/strings';
import { appDrawn, launchBrowser, openPhone, replicaCursor } from '../support/browser';
import { registerOverHttp } from '../support/e2e-accounts';
import { product } from '../support/e2e-product';

// A first visit asks for the catalogue as soon as the app's first script runs, and the sync engine
// uses that answer instead of asking again (src/client/boot/first-page.ts). Once the replica is
// filled, starts ask for changes after the stored cursor only.

const baseUrl = product('baseUrl');
const mailDir = product('mailDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isSync = (request: Request) => new URL(request.url()).pathname === '/api/sync';
const hasCursor = (request: Request) => new URL(request.url()).searchParams.has('cursor');

/** Whether the page has shown this text at any moment since it was opened (a one-render flash too). */
async function watchFor(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.addInitScript((wanted) => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(wanted)) (window as { sawIt?: boolean }).sawIt = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as { sawIt?: boolean }).sawIt ?? false);
}

interface CutSync {
  /** The snapshot-stage cursor the first page was answered with, once it was asked for. */
  cut: string | undefined;
  /** Pulls refused since then, while there is no signal. */
  refused: number;
  /** The signal is back: pulls go through. */
  connected: boolean;
}

/**
 * A first sync cut short after its first page: that page arrives without the rows `dropped` picks and
 * with a cursor of the snapshot's first stage (as if it had been the first of several); then the
 * signal is lost until `connected` is set: every pull fails, whether it goes on from the stored
 * cursor or starts over (a reload asks for the first page again while the replica is not filled).
 */
async function cutFirstSync(context: BrowserContext, dropped: (change: Change) => boolean): Promise<CutSync> {
  const sync: CutSync = { cut: undefined, refused: 0, connected: false };
  await context.route(/\/api\/sync\b/, async (route) => {
    if (sync.cut) {
      if (sync.connected) return route.continue();
      sync.refused += 1;
      return route.abort('internetdisconnected');
    }
    const response = await route.fetch();
    const body = (await response.json()) as { cursor: string; changes: Change[] };
    // v1.{at}.{user}, s1.{at}.{after}.{user} or t1.{at}.{user}…: the snapshot's mark and the user.
    const parts = body.cursor.split('.');
    const user = parts[0] === 's1' ? parts[3] : parts[2];
    const cut = `s1.${parts[1]}.0.${user}`;
    const changes = body.changes.filter((change) => !dropped(change));
    expect(changes.length).toBeLessThan(body.changes.length);
    sync.cut = cut;
    await route.fulfill({ response, json: { cursor: cut, changes, more: true } });
  });
  return sync;
}

describe('the first visit', () => {
  it('asks for the first page once, before the sync engine loads, and never again after', async () => {
    const { context, page } = await openPhone(browser);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (isSync(request)) asked.push(hasCursor(request) ? 'sync after cursor' : 'first page');
      // The engine's own code (src/client/sync/engine/browser.ts) is a chunk of its own.
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
    // Those pulls ran in the pull worker (src/client/sync/pull/worker.ts), not on the tab's thread:
    // the requests are in the worker's own timeline, none in the tab's.
    const syncEntries = () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/sync')).length;
    const puller = next.workers().find((worker) => /\/assets\/pull-worker-[\w-]+\.js$/.test(worker.url()));
    expect(puller).toBeDefined();
    // (Another pull may start meanwhile, after the socket connects: both counts are read together.)
    await expect
      .poll(async () => {
        const seen = later.length;
        return (await puller?.evaluate(syncEntries)) === seen;
      })
      .toBe(true);
    expect(await next.evaluate(syncEntries)).toBe(0);
    await context.close();
  });

  it('cut short after its first page, never says an excursion it has not pulled yet is not found', async () => {
    const { excursions } = (await (await fetch(`${baseUrl}/api/excursions`)).json()) as {
      excursions: Excursion[];
    };
    const missing = excursions[0] as Excursion;
    const { context, page } = await openPhone(browser);
    const sawNotFound = await watchFor(page, 'Excursion not found');
    const sync = await cutFirstSync(
      context,
      (change) => change.collection === 'excursions' && change.op === 'put' && change.row._id === missing._id,
    );
    await page.goto(`${baseUrl}/about`);
    await expect.poll(() => sync.cut, { timeout: 30_000 }).toBeDefined();
    await expect.poll(() => replicaCursor(page), { timeout: 30_000 }).toBe(sync.cut);

    // Still without signal, the excursion's page: the server drew it; the app keeps that drawing and
    // tries to pull, rather than replacing it with 'Excursion not found'.
    const before = sync.refused;
    await page.goto(`${baseUrl}/excursion/${missing._id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.getByText(missing.title, { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => sync.refused, { timeout: 30_000 }).toBeGreaterThan(before);
    await page.waitForTimeout(1_000);
    expect(await sawNotFound()).toBe(false);
    expect(await heading.innerText()).toBe(missing.title);

    // The signal is back: the pull goes on from the stored cursor and the app draws the excursion.
    sync.connected = true;
    await appDrawn(page, 60_000);
    await expect.poll(() => heading.innerText()).toBe(missing.title);
    await expect.poll(() => replicaCursor(page), { timeout: 30_000 }).toMatch(/^v1\./);
    expect(await sawNotFound()).toBe(false);
    await context.close();
  });

  it('cut short, keeps a place page loading, then draws the place without a flash of "not found"', async () => {
    const { places } = (await (await fetch(`${baseUrl}/api/places`)).json()) as { places: Place[] };
    const missing = places[0] as Place;
    const { context, page } = await openPhone(browser);
    const sawNotFound = await watchFor(page, 'place not found');
    const sync = await cutFirstSync(
      context,
      (change) => change.collection === 'places' && change.op === 'put' && change.row.id === missing.id,
    );
    await page.goto(`${baseUrl}/about`);
    await expect.poll(() => replicaCursor(page), { timeout: 30_000 }).toBe(sync.cut);

    // No server drawing here: the app says it is loading while the replica lacks the place.
    const before = sync.refused;
    await page.goto(`${baseUrl}/place/${missing.id}`);
    await appDrawn(page);
    await page.getByText('Loading...').waitFor({ timeout: 30_000 });
    await expect.poll(() => sync.refused, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await sawNotFound()).toBe(false);

    // The last page brings the place and the changes cursor together: the place, never 'not found'
    // (with the sync state read apart from the row, it answered first and 'not found' flashed).
    sync.connected = true;
    await page.getByRole('heading', { level: 1, name: missing.name }).waitFor({ timeout: 60_000 });
    await expect.poll(() => replicaCursor(page), { timeout: 30_000 }).toMatch(/^v1\./);
    expect(await sawNotFound()).toBe(false);
    await context.close();
  });

  it('cut short, keeps the favourites loading, then lists them, never saying there are none', async () => {
    const { access_token: token, user_data: user } = await registerOverHttp(baseUrl, mailDir);
    const { excursions } = (await (await fetch(`${baseUrl}/api/excursions`)).json()) as {
      excursions: Excursion[];
    };
    const liked = excursions[0] as Excursion;
    const answer = await fetch(`${baseUrl}/api/users/${user.id}/favorites/${liked._id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.ok).toBe(true);
    const { context, page } = await openPhone(browser);
    await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
    const sawEmpty = await watchFor(page, FAVORITES.empty);
    const sync = await cutFirstSync(context, (change) => change.collection === 'favorites');
    await page.goto(`${baseUrl}/about`);
    await expect.poll(() => replicaCursor(page), { timeout: 30_000 }).toBe(sync.cut);

    // Offline, the replica knows the user but not their favourites yet: 'Loading...', not "none".
    const before = sync.refused;
    await page.goto(`${baseUrl}/favorite`);
    await page.getByRole('heading', { level: 1, name: FAVORITES.title }).waitFor({ timeout: 30_000 });
    await page.getByText(FAVORITES.loading).waitFor({ timeout: 30_000 });
    await expect.poll(() => sync.refused, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await sawEmpty()).toBe(false);

    // The last page brings the favourite and the changes cursor together: the list, never "none".
    // (Unlike the place page, the list's own query answered in the same render as the sync state's
    // before listOnceSynced too; this case guards the interrupted sync, the unit tests the reading.)
    sync.connected = true;
    await page
      .getByRole('list', { name: FAVORITES.list })
      .getByText(liked.title, { exact: true })
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => replicaCursor(page), { timeout: 30_000 }).toMatch(/^v1\./);
    expect(await sawEmpty()).toBe(false);
    await context.close();
  });
});
