import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { City, Excursion, Place } from '../../../src/domain/types';
import { DEMO } from '../../support/api';
import {
  appDrawn,
  launchBrowser,
  openPhone,
  screenshot,
  storeTokenAndReopen,
  waitOrExplain,
} from '../../support/browser';
import { createExcursionAsAdmin, plainExcursionPayload } from '../../support/server-state';
import { mintToken } from '../../support/session';
import { product } from '../../support/e2e-product';

// The page itself (OWASP ASVS 3.2, 3.4.3, 7.4): excursion texts holding markup and
// scripts show as plain text and run nothing; the HTML carries a Content-Security-Policy that allows
// no inline script, and the app works under it without a single violation; logout leaves no token.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    __xss?: unknown;
    __cspViolations?: string[];
  }
}

/** Markup that would run `window.__xss = …` if the page ever inserted it as HTML. */
const HOSTILE = {
  title: `<img src=x onerror="window.__xss='title'">Ялта <b>ночью</b>`,
  description:
    `<script>window.__xss='description'</script><p onclick="window.__xss='p'">Описание</p>` +
    `<iframe src="javascript:window.top.__xss='iframe'"></iframe>`,
  direction: `<svg onload="window.__xss='svg'"></svg>Ай-Петри`,
  assembly: `"><script>window.__xss='assembly'</script>Ялта, набережная`,
  included: `<a href="javascript:window.__xss='link'">Трансфер</a>`,
  notIncluded: `<style>body{display:none}</style>Обед`,
  service: `<img src=/x onerror=alert(1)>Фото`,
};

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** An excursion made by the admin through the API (so it is published at once), every text hostile. */
async function createHostileExcursion(suffix: string): Promise<Excursion> {
  const place = (await getJson<{ places: Place[] }>('/api/places')).places[0] as Place;
  const city = (await getJson<{ cities: City[] }>('/api/cities')).cities[0] as City;
  const day = (n: number) => addDays(crimeaToday(new Date()), n);
  const payload = plainExcursionPayload({
    title: `${HOSTILE.title} ${suffix}`,
    description: HOSTILE.description,
    city: city.name,
    place: place.id,
    category: 'Горы',
    adultPrice: 2100,
    kidPrice: 1100,
    services: [{ name: HOSTILE.service, price: 300 }],
    maxAttendants: 12,
    duration: '5 часов',
    directions: [HOSTILE.direction, 'Ялта'],
    assemblyPoints: [HOSTILE.assembly],
    included: [HOSTILE.included],
    notIncluded: [HOSTILE.notIncluded],
    ownerID: DEMO.admin,
    tours: [
      { date: day(12), time: '09:00' },
      { date: day(13), time: '09:00' },
    ],
  });
  const created = await createExcursionAsAdmin(baseUrl, dataDir, payload);
  // An admin's excursion is published at once: it is in the public catalogue.
  const publicIds = (await getJson<{ excursions: Excursion[] }>('/api/excursions')).excursions.map(
    (e) => e._id,
  );
  expect(publicIds).toContain(created._id);
  // The server stores the text as it was sent: escaping is the page's job, and that is what is tested.
  expect(created.description).toBe(HOSTILE.description);
  return created;
}

/**
 * Records every CSP violation (the DOM event, from the first script on) and every console error, and
 * every dialog an injected `alert` would open.
 */
async function watchPage(page: Page): Promise<{ consoleErrors: string[]; dialogs: string[] }> {
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.context().addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return { consoleErrors, dialogs };
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);
const xssFlag = (page: Page) => page.evaluate(() => window.__xss ?? null);

describe('excursion texts with markup', () => {
  it('show literally on the excursion page and in the list, and nothing in them runs', async () => {
    const suffix = Date.now().toString(36);
    const excursion = await createHostileExcursion(suffix);
    const { context, page } = await openPhone(browser);
    const watch = await watchPage(page);
    // Signed in, for the booking page.
    await page.goto(`${baseUrl}/about`);
    await page.evaluate(
      (value) => localStorage.setItem('access_token', value),
      await mintToken(dataDir, DEMO.tourist),
    );

    await page.goto(`${baseUrl}/excursion/${excursion._id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.getByText(excursion.title, { exact: true }).waitFor({ timeout: 30_000 });
    // The screen the server drew is replaced by the app's own: checked on that one, which stays (an
    // element of the drawn screen can leave the document in the middle of a check). A script in the
    // drawn screen would have run already and is caught by the page watch at the end.
    await appDrawn(page);
    expect(await heading.innerText()).toBe(excursion.title);
    // Each hostile text is on the page as the characters it was typed with.
    const description = page.locator('.excursion-description');
    expect(await description.innerText()).toBe(HOSTILE.description);
    for (const text of [HOSTILE.direction, HOSTILE.assembly, HOSTILE.included, HOSTILE.notIncluded]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    // None of it became an element: no injected image, script, iframe, svg, style or javascript: link.
    const injected = await page.evaluate(() => ({
      images: document.querySelectorAll('img[src="x"], img[src="/x"]').length,
      scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
      iframes: document.querySelectorAll('iframe').length,
      svgHandlers: document.querySelectorAll('svg[onload]').length,
      // In the body: a first screen drawn by the server brings the app's own sheets inline in the head.
      styles: [...document.querySelectorAll('body style')].filter((s) =>
        s.textContent?.includes('display:none'),
      ).length,
      links: document.querySelectorAll('a[href^="javascript:"]').length,
      clickHandlers: document.querySelectorAll('[onclick]').length,
    }));
    expect(injected).toEqual({
      images: 0,
      scripts: 0,
      iframes: 0,
      svgHandlers: 0,
      styles: 0,
      links: 0,
      clickHandlers: 0,
    });
    await page.locator('.excursion-description').scrollIntoViewIfNeeded();
    await screenshot(page, 'reliability-hostile-text');

    // The list card and the search show the title as text too.
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await page.locator('.excursion-card h3', { hasText: suffix }).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.excursion-card h3', { hasText: suffix }).first().textContent()).toBe(
      excursion.title,
    );

    // The booking page lists the service by its name, as text.
    await page.goto(`${baseUrl}/booking/${excursion._id}`);
    await page.getByText(HOSTILE.service).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('img[src="/x"]').count()).toBe(0);

    expect(await xssFlag(page)).toBeNull();
    expect(watch.dialogs).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('the Content-Security-Policy', () => {
  it('is sent with the app, allows no inline or eval script, and the app runs under it without a violation', async () => {
    for (const path of ['/', '/excursions', '/booking/some-id', '/sw.js']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      const policy = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        policy
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...values]) => [name as string, values]),
      );
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      expect(scripts, `${path}: ${policy}`).toBeDefined();
      expect(scripts).toContain("'self'");
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
        expect(scripts, path).not.toContain(unsafe);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    }

    const excursions = (await getJson<{ excursions: Excursion[] }>('/api/excursions')).excursions;
    const target = excursions.find((e) => e.ownerID === DEMO.seller && e.busType !== 'none') ?? excursions[0];
    if (!target) throw new Error('no excursion in the demo catalogue');
    const { context, page } = await openPhone(browser);
    const watch = await watchPage(page);
    // Signed in, so the socket, the sync pull and the favourites run too.
    const token = await mintToken(dataDir, DEMO.tourist);
    await page.goto(`${baseUrl}/about`);
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);

    await page.goto(`${baseUrl}/`);
    await page.locator('.excursion-card').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.locator('.excursion-card img').first().waitFor();

    await page.goto(`${baseUrl}/excursion/${target._id}`);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Забронировать' }).first().click();
    await page.waitForURL(`${baseUrl}/booking/${target._id}`);
    await page.locator('main').getByText(target.title).first().waitFor({ timeout: 30_000 });
    // The bus plan is drawn, and a favourite made here travels over the socket-backed sync.
    await page.waitForTimeout(1_500);
    await screenshot(page, 'reliability-csp-booking');

    expect(await violations(page)).toEqual([]);
    expect(watch.consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual(
      [],
    );
    expect(watch.dialogs).toEqual([]);

    // Control: the policy is in force and the watcher hears it. An inline script added now is refused.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = "window.__xss = 'inline'";
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return window.__xss ?? null;
    });
    expect(ran).toBeNull();
    await expect.poll(() => violations(page)).toHaveLength(1);
    expect((await violations(page))[0]).toMatch(/^script-src(-elem)? inline/);
    await context.close();
  });
});

describe('logout', () => {
  it('removes the token from local storage and leaves it nowhere in IndexedDB', async () => {
    const phone = await openPhone(browser);
    const { context } = phone;
    const token = await mintToken(dataDir, DEMO.tourist);
    // Set once, not by an init script: after logout nothing may put it back.
    await phone.page.goto(`${baseUrl}/about`);
    const page = await storeTokenAndReopen(context, phone.page, token);
    await page.goto(`${baseUrl}/profile/account`);
    const signOut = page.getByRole('link', { name: 'Выйти из аккаунта' });
    await waitOrExplain(page, signOut, 30_000);

    /** Every place the page keeps data, searched for the token's text. */
    const whereIsToken = () =>
      page.evaluate(async (secret) => {
        const found: string[] = [];
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i) as string;
          if (key === 'access_token' || localStorage.getItem(key)?.includes(secret))
            found.push(`localStorage:${key}`);
        }
        for (let i = 0; i < sessionStorage.length; i++) {
          const key = sessionStorage.key(i) as string;
          if (sessionStorage.getItem(key)?.includes(secret)) found.push(`sessionStorage:${key}`);
        }
        if (document.cookie.includes(secret)) found.push('cookie');
        for (const info of await indexedDB.databases()) {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const request = indexedDB.open(info.name as string);
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          for (const store of [...db.objectStoreNames]) {
            const rows = await new Promise<unknown[]>((resolve, reject) => {
              const request = db.transaction(store, 'readonly').objectStore(store).getAll();
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            });
            if (JSON.stringify(rows).includes(secret)) found.push(`indexedDB:${info.name}/${store}`);
          }
          db.close();
        }
        return found;
      }, token);

    expect(await whereIsToken()).toEqual(['localStorage:access_token']);
    // The signed-in user's row is in the replica until logout.
    const users = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const request = indexedDB.open('krym-excursions');
            request.onsuccess = () => {
              const count = request.result.transaction('users').objectStore('users').count();
              count.onsuccess = () => {
                request.result.close();
                resolve(count.result);
              };
            };
          }),
      );
    await expect.poll(users, { timeout: 15_000 }).toBeGreaterThan(0);

    await signOut.click();
    await page.waitForURL(`${baseUrl}/profile/login`);
    await page.getByRole('heading', { name: 'Вы не вошли в аккаунт' }).waitFor();
    expect(await whereIsToken()).toEqual([]);
    expect(await users()).toBe(0);
    // Reopened, the app is signed out: a protected page sends the visitor to the login page.
    await page.goto(`${baseUrl}/favorite`);
    await page.waitForURL(`${baseUrl}/profile/login`, { timeout: 30_000 });
    expect(await whereIsToken()).toEqual([]);
    await context.close();
  });
});
