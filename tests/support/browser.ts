import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { ROOT } from './process';

// Debian's Chromium driven by playwright-core; no test downloads a browser.

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 } as const;
export const SCREENSHOT_DIR = join(ROOT, 'tests/e2e/screenshots');

/** Chromium's flags for every test and benchmark (no background traffic on this closed network). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function assertBrowserInstalled(): void {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROME_PATH}. Install it with: apt-get update && apt-get install -y chromium ` +
        '(or set CHROME_PATH to a Chromium binary).',
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  assertBrowserInstalled();
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS, headless: true });
}

/** The phone every screen is checked on: 390×844, touch, Russian locale, Crimea's time zone. */
export const PHONE_CONTEXT = {
  viewport: PHONE,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'ru-RU',
  timezoneId: 'Europe/Simferopol',
} as const;

/**
 * The same phone on a profile folder that outlives the browser (IndexedDB and the service worker
 * persist between launches, as on a real phone).
 */
export function launchPersistentPhone(profileDir: string): Promise<BrowserContext> {
  assertBrowserInstalled();
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS,
    headless: true,
    ...PHONE_CONTEXT,
  });
}

/** A fresh phone-sized context (390×844, touch, Russian locale) and a page in it. */
export async function openPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Closes a tab, or a whole browser, that is offline, with nothing sent. Chromium lifts a page's offline
 * emulation while the page closes, and a request of a page under a service worker then reaches the
 * server: a page posting every 2 ms got one through at its close in 10 of 20 tries (none without a
 * worker). A phone with no network sends nothing, so each page first leaves the app for about:blank,
 * which let nothing through in 20 tries.
 */
export async function closeOffline(target: Page | BrowserContext): Promise<void> {
  const pages = 'pages' in target ? target.pages() : [target];
  for (const page of pages) await page.goto('about:blank');
  await target.close();
}

/**
 * An init script (a string: tsx would wrap a named inner function in a helper the page lacks) that
 * sets `window.__firstCardAt` to the page clock when the first element matching `selector` is in the
 * document with a box. A MutationObserver installed before any app script sees it right after the task
 * that inserted it.
 */
export function firstCardWatch(selector: string): string {
  return `
    new MutationObserver((_, observer) => {
      const card = document.querySelector(${JSON.stringify(selector)});
      if (!card || card.getBoundingClientRect().height === 0) return;
      window.__firstCardAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  `;
}

/**
 * Stores a token in the origin's local storage as a browser left holding it, then closes the page and
 * opens a new one in the same context. The closed page's app never sees the token appear: a running app
 * that finds a token under it mid-pull (something only a test does) would send its own requests and
 * "start over" alongside the next page's.
 */
export async function storeTokenAndReopen(context: BrowserContext, page: Page, token: string): Promise<Page> {
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.close();
  return context.newPage();
}

/**
 * What the app's replica says about its sync (the status row, the cursor, the last log lines, the row
 * counts of users and the outbox), for a test's failure message when a screen never comes.
 */
export function replicaDiagnostics(page: Page): Promise<string> {
  return page
    .evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('krym-excursions');
          request.onerror = () => resolve(`no replica: ${String(request.error)}`);
          request.onsuccess = () => {
            const db = request.result;
            const tx = db.transaction(['meta', 'users', 'outbox', 'log']);
            const meta = tx.objectStore('meta').getAll();
            const users = tx.objectStore('users').count();
            const outbox = tx.objectStore('outbox').count();
            const log = tx.objectStore('log').getAll();
            tx.oncomplete = () => {
              db.close();
              const lines = (log.result as unknown[]).slice(-15);
              resolve(
                JSON.stringify({ meta: meta.result, users: users.result, outbox: outbox.result, lines }),
              );
            };
          };
        }),
    )
    .catch((error: unknown) => `replica unreadable: ${String(error)}`);
}

/** Waits for a locator; if it never comes, fails with the replica's sync state in the message. */
export async function waitOrExplain(page: Page, locator: Locator, timeout: number): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    throw new Error(`${String(error)}\nreplica: ${await replicaDiagnostics(page)}`, { cause: error });
  }
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  // Every screen the suite photographs is also checked with axe-core (WCAG 2.x A/AA, best practices).
  await expectNoAxeViolations(page);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  const viewport = page.viewportSize();
  if (!fullPage || !viewport) {
    await capture(page, path, fullPage);
    return path;
  }
  // The whole page as a person sees it scrolling down: cards far from the screen are drawn only when
  // they come near (content-visibility: auto), so for the picture the screen is as tall as the page.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // Pictures that came near meanwhile: waited for a while, since the picture is only for looking at.
  await page
    .waitForFunction(() => [...document.images].every((image) => image.complete), null, { timeout: 5_000 })
    .catch(() => undefined);
  await capture(page, path, false);
  await page.setViewportSize(viewport);
  return path;
}

/**
 * Chromium refuses a capture ("Unable to capture screenshot") when it asks for a frame the compositor
 * is replacing, e.g. while the page swaps its first paint for the app's; the next frame is drawn, so
 * the capture is asked again after it, a few times at most.
 */
async function capture(page: Page, path: string, fullPage: boolean): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.screenshot({ path, fullPage });
      return;
    } catch (error) {
      if (attempt >= 4 || !String(error).includes('Unable to capture screenshot')) throw error;
      await page.waitForTimeout(250 * attempt);
    }
  }
}

/**
 * Waits until the app runs the screen: on a first visit the server's drawing of it
 * (src/server/http/first-screen.ts) shows before the app's code has arrived, and only its links and
 * forms work until React has hydrated it. React marks each element it has hydrated or drawn with its
 * own property; the shell's frame has it once the whole frame below it has been.
 */
export async function appDrawn(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const shell = document.querySelector('#root > .shell');
      return shell !== null && Object.keys(shell).some((key) => key.startsWith('__reactFiber'));
    },
    null,
    { timeout },
  );
}

/**
 * The excursion card that links to this excursion. Lists re-sort while a test runs (other test files
 * add tours on the shared server, and 'nearest' puts the earliest first), so a card is found by its
 * link, never by its place in the list.
 */
export const cardOf = (page: Page, excursionId: string): Locator =>
  page.locator('.excursion-card', { has: page.locator(`a.card-body[href$="/${excursionId}"]`) });

/** The id of the excursion a card links to. */
export async function cardExcursionId(card: Locator): Promise<string> {
  const href = await card.locator('a.card-body').getAttribute('href');
  const id = href?.split('/').pop();
  if (!id) throw new Error(`an excursion card without a link: ${href}`);
  return id;
}

export interface ReplicaSeen {
  /** Values of the replica's meta table by key (missing keys left out). */
  meta: Record<string, unknown>;
  /** Row counts by table. */
  counts: Record<string, number>;
}

/**
 * Reads the app's IndexedDB replica in the page: meta values by key and row counts by table; null
 * while the app has not created it. Never creates it: an open that would is aborted, so the app
 * still creates the database with its own schema.
 */
export function readReplica(
  page: Page,
  metaKeys: string[],
  countTables: string[] = [],
): Promise<ReplicaSeen | null> {
  return page.evaluate(
    ([keys, tables]) =>
      new Promise<ReplicaSeen | null>((resolve) => {
        const request = indexedDB.open('krym-excursions');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve(null);
        request.onsuccess = () => {
          const db = request.result;
          if (![...tables, 'meta'].every((name) => db.objectStoreNames.contains(name))) {
            db.close();
            resolve(null);
            return;
          }
          const tx = db.transaction([...tables, 'meta']);
          const values = keys.map((key) => tx.objectStore('meta').get(key));
          const counts = tables.map((table) => tx.objectStore(table).count());
          tx.oncomplete = () => {
            db.close();
            const seen: ReplicaSeen = { meta: {}, counts: {} };
            keys.forEach((key, i) => {
              const row = values[i]?.result as { value?: unknown } | undefined;
              if (row) seen.meta[key] = row.value;
            });
            tables.forEach((table, i) => (seen.counts[table] = counts[i]?.result ?? 0));
            resolve(seen);
          };
          // A failed read lets go of the database too, so no later upgrade waits on this connection.
          tx.onabort = tx.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
    [metaKeys, countTables] as const,
  );
}

/** The replica's pull cursor, or undefined before the app has stored one. */
export async function replicaCursor(page: Page): Promise<string | undefined> {
  const value = (await readReplica(page, ['cursor']))?.meta.cursor;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Waits until the service worker keeps every screen of sellers and admins the build lists
 * (/staff-files.json, src/client/app/pwa/staff-screens.ts): a seller's phone fetches them while online,
 * and a screen it never opened then opens with no network.
 */
export async function staffScreensKept(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    async () => {
      const files = (await (await fetch('/staff-files.json', { cache: 'no-store' })).json()) as string[];
      const kept = new Set(
        (await (await caches.open('staff-screens')).keys()).map((request) => new URL(request.url).pathname),
      );
      return files.length > 0 && files.every((file) => kept.has(file));
    },
    null,
    { timeout, polling: 500 },
  );
}
