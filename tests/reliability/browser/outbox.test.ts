import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday, formatDayMonth, formatDisplayDate } from '../../../src/domain/dates';
import type { City, Excursion, Place, Tour } from '../../../src/domain/types';
import { DEMO } from '../../support/api';
import { bookingBody } from '../../support/booking';
import {
  appDrawn,
  cardExcursionId,
  cardOf,
  closeOffline,
  launchBrowser,
  launchPersistentPhone,
  openPhone,
  screenshot,
  readReplica,
} from '../../support/browser';
import { createExcursionAsAdmin, serverFavorites, plainExcursionPayload } from '../../support/server-state';
import { newTourist } from '../../support/e2e-accounts';
import { mintToken } from '../../support/session';
import { product } from '../../support/e2e-product';

// The outbox (ARCHITECTURE "Outbox"): changes queued offline are kept in the phone's IndexedDB
// through a browser restart (and through an app update: tests/e2e/pwa-update.test.ts), and reach the
// server afterwards; a change the server refuses is rolled back and never holds up the ones queued
// behind it.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  await browser?.close();
});

interface QueuedRow {
  kind: string;
  payload: unknown;
}

/** The outbox as the page's IndexedDB holds it, in sending order. */
const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<QueuedRow[]>((resolve, reject) => {
        const open = indexedDB.open('krym-excursions');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as QueuedRow[]).map(({ kind, payload }) => ({ kind, payload })));
          };
        };
      }),
  );

const rejections = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ kind: string; reason: string }[]>((resolve, reject) => {
        const open = indexedDB.open('krym-excursions');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('rejections').objectStore('rejections').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as { kind: string; reason: string }[]);
          };
        };
      }),
  );

/** Signs in by storing a minted token once (the app reads it at start). */
async function storeToken(page: Page, url: string, userId: number): Promise<string> {
  const token = await mintToken(dataDir, userId);
  await page.goto(`${url}/about`);
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  return token;
}

/** Cards on /excursions whose excursion is not yet a favourite on the server. */
async function unlikedCards(page: Page, favourites: string[], count: number) {
  const cards = page.locator('.excursion-card');
  await cards.first().waitFor({ timeout: 30_000 });
  const picked: { id: string; heart: ReturnType<Page['locator']> }[] = [];
  for (let i = 0; i < (await cards.count()) && picked.length < count; i++) {
    const card = cards.nth(i);
    const id = await cardExcursionId(card);
    if (!favourites.includes(id)) picked.push({ id, heart: cardOf(page, id) });
  }
  if (picked.length < count) throw new Error('not enough excursions that are not favourites yet');
  return picked;
}

const liked = (card: ReturnType<Page['locator']>) =>
  card.getByRole('button', { name: 'Убрать из избранного' }).count();

describe('the outbox through a browser restart', () => {
  it('keeps favourites queued offline when the browser is closed, and sends them after it opens again', async () => {
    const profile = await mkdtemp(join(tmpdir(), 'krym-profile-'));
    cleanup.push(() => rm(profile, { recursive: true, force: true }));
    // The same Chromium as every e2e test, but on a user-data folder that outlives the process.
    const launch = () => launchPersistentPhone(profile);
    let context: BrowserContext = await launch();
    cleanup.push(() => context.close());
    let page = context.pages()[0] ?? (await context.newPage());
    const token = await storeToken(page, baseUrl, DEMO.seller2);
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // The account's first sync has answered: the phone keeps who is signed in, as a phone that has
    // been online does. (The server-drawn list shows cards before that answer.)
    await expect
      .poll(async () => (await readReplica(page, [], ['users']))?.counts.users ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const picked = await unlikedCards(page, await serverFavorites(baseUrl, token), 2);

    await context.setOffline(true);
    for (const { heart } of picked) {
      await heart.getByRole('button', { name: 'Добавить в избранное' }).click();
      await expect.poll(() => liked(heart)).toBe(1);
    }
    await expect
      .poll(() => outbox(page))
      .toEqual(picked.map(({ id }) => ({ kind: 'favorite.set', payload: { excursionID: id } })));
    // The browser quits with the two changes unsent.
    await closeOffline(context);
    expect(await serverFavorites(baseUrl, token)).toEqual(
      expect.not.arrayContaining(picked.map(({ id }) => id)),
    );

    // Started again, still offline: the app opens from the worker, the changes are still queued and shown.
    context = await launch();
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    await page.locator('.excursion-card').first().waitFor({ timeout: 30_000 });
    expect(await outbox(page)).toHaveLength(2);
    for (const { id } of picked) {
      await expect.poll(() => liked(cardOf(page, id))).toBe(1);
    }
    await screenshot(page, 'reliability-outbox-after-restart');
    expect(await serverFavorites(baseUrl, token)).toEqual(
      expect.not.arrayContaining(picked.map(({ id }) => id)),
    );

    await context.setOffline(false);
    await expect
      .poll(() => serverFavorites(baseUrl, token), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(picked.map(({ id }) => id)));
    await expect.poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
    await context.close();
  });
});

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A published excursion of the demo seller (made by the admin), with two tours; one gets a booking. */
async function sellerExcursionWithSoldTour(): Promise<{ excursion: Excursion; open: Tour; sold: Tour }> {
  const place = (await getJson<{ places: Place[] }>('/api/places')).places[0] as Place;
  const city = (await getJson<{ cities: City[] }>('/api/cities')).cities[0] as City;
  const day = (n: number) => addDays(crimeaToday(new Date()), n);
  const payload = plainExcursionPayload({
    title: `Очередь отправки ${Date.now().toString(36)}`,
    description: 'Экскурсия для проверки очереди изменений.',
    city: city.name,
    place: place.id,
    adultPrice: 1500,
    kidPrice: 900,
    directions: ['Алупка'],
    assemblyPoints: ['Алупка, автостанция'],
    tours: [
      { date: day(20), time: '09:00' },
      { date: day(21), time: '09:00' },
    ],
  });
  const excursion = await createExcursionAsAdmin(baseUrl, dataDir, payload);
  const tours = (await getJson<{ tours: Tour[] }>('/api/tours')).tours
    .filter((tour) => tour.excursionID === excursion._id)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const [open, sold] = tours;
  if (!open || !sold) throw new Error('the new excursion has no tours');
  const { access_token: touristToken, user_data: buyer } = await newTourist(baseUrl, product('mailDir'));
  const booked = await fetch(`${baseUrl}/api/tickets`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${touristToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(bookingBody(buyer.id, excursion, sold, { adults: 1 })),
  });
  expect(booked.status, await booked.clone().text()).toBe(200);
  return { excursion, open, sold };
}

/** The excursion's tours on the server as 'yyyy-MM-dd HH:mm', sorted. */
async function serverSlots(excursionId: string): Promise<string[]> {
  return (await getJson<{ tours: Tour[] }>('/api/tours')).tours
    .filter((tour) => tour.excursionID === excursionId)
    .map((tour) => `${tour.date} ${tour.time}`)
    .sort();
}

describe('a refused change in the queue', () => {
  it('is rolled back with its reason and does not hold up the changes queued behind it', async () => {
    const { excursion, open, sold } = await sellerExcursionWithSoldTour();
    const { context, page } = await openPhone(browser);
    const token = await storeToken(page, baseUrl, DEMO.seller);
    const favouritesBefore = await serverFavorites(baseUrl, token);
    await page.goto(`${baseUrl}/profile/schedule/${excursion._id}`);
    const chip = (date: string, time: string) =>
      page
        .locator('.sched-day', { hasText: formatDisplayDate(date) })
        .locator('.sched-chip', { hasText: time });
    await chip(sold.date, sold.time)
      .getByText(/продано \d+/)
      .waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

    await context.setOffline(true);
    // 1: delete the tour that has a booking (the server will refuse it).
    await page.getByRole('button', { name: `Удалить ${sold.time}, ${formatDayMonth(sold.date)}` }).click();
    await page.locator('button.sched-save').click();
    await page.locator('button.sched-save', { hasText: 'Сохранено!' }).waitFor();
    // 2: a new time on the other day.
    const day = formatDayMonth(open.date);
    await page.getByLabel(`Время выезда, ${day}`).fill('15:45');
    await page.getByRole('button', { name: `Добавить время, ${day}` }).click();
    await page.locator('button.sched-save', { hasText: 'Сохранить изменения' }).click();
    await expect.poll(() => chip(open.date, '15:45').getAttribute('data-state')).toBe('queued');
    // 3: a favourite, from the list (opened offline from the worker).
    await page.goto(`${baseUrl}/excursions`);
    await appDrawn(page);
    const [pick] = await unlikedCards(page, favouritesBefore, 1);
    if (!pick) throw new Error('no card');
    await pick.heart.getByRole('button', { name: 'Добавить в избранное' }).click();
    await expect.poll(() => liked(pick.heart)).toBe(1);
    expect((await outbox(page)).map((row) => row.kind)).toEqual([
      'tours.delete',
      'tours.create',
      'favorite.set',
    ]);

    await context.setOffline(false);
    // The two good changes land; the refused deletion left the sold tour where it was.
    await expect
      .poll(() => serverSlots(excursion._id), { timeout: 60_000 })
      .toEqual([`${open.date} ${open.time}`, `${open.date} 15:45`, `${sold.date} ${sold.time}`].sort());
    await expect.poll(() => serverFavorites(baseUrl, token), { timeout: 60_000 }).toContain(pick.id);
    await expect.poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
    const refused = (await rejections(page)).filter((row) => row.kind === 'tours.delete');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toContain('уже проданы билеты');

    // The editor shows the tour back, stored, and the refusal with the server's words.
    await page.goto(`${baseUrl}/profile/schedule/${excursion._id}`);
    await expect
      .poll(() => chip(sold.date, sold.time).getAttribute('data-state'), { timeout: 30_000 })
      .toBe('stored');
    await expect
      .poll(() => chip(open.date, '15:45').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('stored');
    await screenshot(page, 'reliability-refused-then-sent');
    await context.close();
  });
});

describe('a creation whose answer is lost', () => {
  it('shows the new time once while the stored tour arrives before the answer, and keeps one tour', async () => {
    const { excursion, open } = await sellerExcursionWithSoldTour();
    const { context, page } = await openPhone(browser);
    await storeToken(page, baseUrl, DEMO.seller);
    await page.goto(`${baseUrl}/profile/schedule/${excursion._id}`);
    const chips = (time: string) =>
      page
        .locator('.sched-day', { hasText: formatDisplayDate(open.date) })
        .locator('.sched-chip', { hasText: time });
    await chips(open.time).waitFor({ timeout: 30_000 });

    // The server stores the creation, but its answer never reaches the phone (the network drops).
    let lost = 0;
    await context.route('**/api/tours', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.continue();
      await route.fetch();
      lost++;
      return route.abort('connectionreset');
    });
    const day = formatDayMonth(open.date);
    await page.getByLabel(`Время выезда, ${day}`).fill('16:20');
    await page.getByRole('button', { name: `Добавить время, ${day}` }).click();
    await page.locator('button.sched-save', { hasText: 'Сохранить изменения' }).click();
    await expect.poll(() => lost, { timeout: 30_000 }).toBe(1);
    const stored = await getJson<{ tours: Tour[] }>('/api/tours');
    const created = stored.tours.find(
      (tour) => tour.excursionID === excursion._id && tour.date === open.date && tour.time === '16:20',
    );
    if (!created) throw new Error('the server did not store the creation');

    // The stored tour reaches the phone (socket delta) while the creation still waits for its answer.
    const arrived = () =>
      page.evaluate(
        ([id, excursionID]) =>
          new Promise<boolean>((resolve) => {
            const openDb = indexedDB.open('krym-excursions');
            openDb.onsuccess = () => {
              const tx = openDb.result.transaction(['tourGroups', 'deferred'], 'readonly');
              // Schema version 4: an excursion's tours are one record, keyed by the excursion.
              const group = tx.objectStore('tourGroups').get(excursionID);
              const held = tx.objectStore('deferred').getAll();
              tx.oncomplete = () => {
                openDb.result.close();
                const tours = (group.result as { tours: { _id: string }[] } | undefined)?.tours ?? [];
                const heldIds = (held.result as { change: { row?: { _id?: string } } }[]).map(
                  (entry) => entry.change.row?._id,
                );
                resolve(tours.some((tour) => tour._id === id) || heldIds.includes(id));
              };
            };
          }),
        [created._id, created.excursionID] as const,
      );
    await expect.poll(arrived, { timeout: 30_000 }).toBe(true);
    expect(await outbox(page)).toHaveLength(1);
    // One chip for the time, still marked as waiting for the answer.
    expect(await chips('16:20').count()).toBe(1);
    expect(await chips('16:20').getAttribute('data-state')).toBe('queued');
    await screenshot(page, 'reliability-lost-answer');

    // The resend (same Idempotency-Key) is answered with the stored tour: one tour, on both sides.
    await context.unroute('**/api/tours');
    await expect.poll(() => outbox(page), { timeout: 60_000 }).toEqual([]);
    await expect.poll(() => chips('16:20').getAttribute('data-state'), { timeout: 30_000 }).toBe('stored');
    expect(await chips('16:20').count()).toBe(1);
    expect((await serverSlots(excursion._id)).filter((slot) => slot === `${open.date} 16:20`)).toHaveLength(
      1,
    );
    await context.close();
  });
});
