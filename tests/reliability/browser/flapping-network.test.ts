import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday, formatDayMonth, formatDisplayDate } from '../../../src/domain/dates';
import type { City, Excursion, Place, Tour } from '../../../src/domain/types';
import { DEMO } from '../../support/api';
import {
  appDrawn,
  cardExcursionId,
  cardOf,
  launchBrowser,
  openPhone,
  screenshot,
} from '../../support/browser';
import { createExcursionAsAdmin, serverFavorites, plainExcursionPayload } from '../../support/server-state';
import { mintToken } from '../../support/session';
import { product } from '../../support/e2e-product';

// A seller works through a minute of a flapping network (offline and online in
// turn every second) in two tabs of the app: one toggles favourites on the list, the other adds and
// deletes times in the schedule editor of their excursion. Once the network is steady and the app has
// settled, the server holds every change the screens accepted, exactly once, and the phone's replica
// agrees with the server.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const FLAPS = 60;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A published excursion of the demo seller (made by the admin) with two times on each of four days. */
async function freshSellerExcursion(days: string[]): Promise<Excursion> {
  const place = (await getJson<{ places: Place[] }>('/api/places')).places[0] as Place;
  const city = (await getJson<{ cities: City[] }>('/api/cities')).cities[0] as City;
  const payload = plainExcursionPayload({
    title: `Сеть мигает ${Date.now().toString(36)}`,
    description: 'Экскурсия для проверки работы при пропадающей сети.',
    city: city.name,
    place: place.id,
    category: 'Горы',
    adultPrice: 1800,
    kidPrice: 1000,
    duration: '4 часа',
    directions: ['Бахчисарай'],
    assemblyPoints: ['Бахчисарай, вокзал'],
    tours: days.flatMap((date) => [
      { date, time: '08:00' },
      { date, time: '12:00' },
    ]),
  });
  return createExcursionAsAdmin(baseUrl, dataDir, payload);
}

/** The excursion's tours on the server, as id → 'yyyy-MM-dd HH:mm'. */
async function serverTours(excursionId: string): Promise<Map<string, string>> {
  const tours = (await getJson<{ tours: Tour[] }>('/api/tours')).tours;
  return new Map(
    tours
      .filter((tour) => tour.excursionID === excursionId)
      .map((tour) => [tour._id, `${tour.date} ${tour.time}`]),
  );
}

interface ReplicaState {
  favourites: string[];
  tours: [string, string][];
  outbox: number;
  rejections: number;
}

/** What the page's IndexedDB replica holds for this user and this excursion (hidden rows left out). */
const replicaState = (page: Page, excursionId: string) =>
  page.evaluate(
    (id) =>
      new Promise<ReplicaState>((resolve, reject) => {
        const open = indexedDB.open('krym-excursions');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['favorites', 'tourGroups', 'outbox', 'rejections'], 'readonly');
          const favourites = tx.objectStore('favorites').getAll();
          // Schema version 3 holds an excursion's tours in one record, keyed by the excursion.
          const tours = tx.objectStore('tourGroups').get(id);
          const outbox = tx.objectStore('outbox').count();
          const rejections = tx.objectStore('rejections').count();
          tx.oncomplete = () => {
            db.close();
            type Row = { excursionID: string; _deleted?: 1 };
            type TourRow = { _id: string; date: string; time: string; _deleted?: 1 };
            resolve({
              favourites: (favourites.result as Row[])
                .filter((row) => !row._deleted)
                .map((row) => row.excursionID)
                .sort(),
              tours: ((tours.result as { tours: TourRow[] } | undefined)?.tours ?? [])
                .filter((row) => !row._deleted)
                .map((row): [string, string] => [row._id, `${row.date} ${row.time}`])
                .sort(),
              outbox: outbox.result,
              rejections: rejections.result,
            });
          };
        };
      }),
    excursionId,
  );

const isLiked = async (card: Locator) =>
  (await card.getByRole('button', { name: 'Убрать из избранного' }).count()) === 1;

describe('a flapping network', () => {
  it('loses nothing and applies nothing twice: server and replica agree after a minute of offline/online every second', async () => {
    const today = crimeaToday(new Date());
    const days = [30, 31, 32, 33].map((n) => addDays(today, n));
    const excursion = await freshSellerExcursion(days);
    const token = await mintToken(dataDir, DEMO.seller);
    const initialTours = await serverTours(excursion._id);
    expect(initialTours.size).toBe(8);

    const { context, page: list } = await openPhone(browser);
    await list.goto(`${baseUrl}/about`);
    await list.evaluate((value) => localStorage.setItem('access_token', value), token);
    // Sorted by popularity, which only an admin changes: 'nearest' would move cards whenever another
    // test file adds an earlier tour on the shared server, and a card moved past the first step of
    // the list is not drawn.
    await list.goto(`${baseUrl}/excursions?sort=popular`);
    await list.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const editor = await context.newPage();
    await editor.goto(`${baseUrl}/profile/schedule/${excursion._id}`);
    const chip = (date: string, time: string) =>
      editor
        .locator('.sched-day', { hasText: formatDisplayDate(date) })
        .locator('.sched-chip', { hasText: time });
    for (const date of days) await chip(date, '12:00').waitFor({ timeout: 30_000 });

    // Five excursions on the list whose hearts are toggled; their state on the server is the start.
    await appDrawn(list);
    const cards = list.locator('.excursion-card');
    await cards.first().waitFor({ timeout: 30_000 });
    const favouritesBefore = await serverFavorites(baseUrl, token);
    const picked: { id: string; card: Locator }[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await cardExcursionId(cards.nth(i));
      picked.push({ id, card: cardOf(list, id) });
    }
    const liked = new Map<string, boolean>();
    for (const { id, card } of picked) {
      await expect.poll(() => isLiked(card)).toBe(favouritesBefore.includes(id));
      liked.set(id, favouritesBefore.includes(id));
    }

    let failedRequests = 0;
    for (const page of [list, editor]) {
      page.on('requestfailed', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) failedRequests++;
      });
    }

    // The network: offline and online in turn, every second, for a minute; then online for good.
    let flapping = true;
    let abandoned = false;
    let flaps = 0;
    const network = (async () => {
      for (let i = 0; i < FLAPS && !abandoned; i++) {
        await context.setOffline(i % 2 === 0);
        flaps++;
        await sleep(1000);
      }
      await context.setOffline(false);
      flapping = false;
    })();

    // Meanwhile the seller works: a heart on every step, and schedule edits in between.
    const added: string[] = [];
    const deleted: string[] = [];
    const toDelete = [`${days[1]} 08:00`, `${days[3]} 12:00`];
    let step = 0;
    try {
      while (flapping) {
        const { id, card } = picked[step % picked.length] as { id: string; card: Locator };
        const was = liked.get(id) as boolean;
        // Each tab is brought to the front before it is used, as a person switching tabs does (a
        // hidden tab gets no animation frames, so nothing on it would settle).
        await list.bringToFront();
        await card
          .getByRole('button', { name: was ? 'Убрать из избранного' : 'Добавить в избранное' })
          .click();
        // Accepted by the screen: the heart shows the new state.
        await card
          .getByRole('button', { name: was ? 'Добавить в избранное' : 'Убрать из избранного' })
          .waitFor();
        liked.set(id, !was);

        // An edit whenever the save button is back from its two-second 'Сохранено!'.
        const save = editor.locator('button.sched-save', { hasText: 'Сохранить изменения' });
        if ((await save.count()) === 1) {
          await editor.bringToFront();
          const slot = toDelete.length > 0 && (added.length + 1) % 3 === 0 ? toDelete.shift() : undefined;
          if (slot) {
            const [date, time] = slot.split(' ') as [string, string];
            await editor.getByRole('button', { name: `Удалить ${time}, ${formatDayMonth(date)}` }).click();
            deleted.push(slot);
          } else {
            const date = days[added.length % days.length] as string;
            const minutes = 5 * 60 + added.length * 7;
            const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
            const day = formatDayMonth(date);
            await editor.getByLabel(`Время выезда, ${day}`).fill(time);
            await editor.getByRole('button', { name: `Добавить время, ${day}` }).click();
            await chip(date, time).and(editor.locator('[data-state="unsaved"]')).waitFor();
            added.push(`${date} ${time}`);
          }
          await save.click();
          // Accepted by the screen: saved on the phone (queued, or already stored if the network was up).
          await editor.locator('button.sched-save', { hasText: 'Сохранено!' }).waitFor();
          const last = added.at(-1);
          if (last) {
            const [date, time] = last.split(' ') as [string, string];
            expect(['queued', 'stored']).toContain(await chip(date, time).getAttribute('data-state'));
          }
        }
        step++;
        await sleep(100);
      }
    } catch (error) {
      // A failed step ends the flapping too, so the network loop does not outlive the test.
      abandoned = true;
      await network.catch(() => undefined);
      throw error;
    }
    await network;
    expect(flaps).toBe(FLAPS);
    await screenshot(editor, 'reliability-flapping-editor');

    // Settled: nothing left to send, nothing refused.
    await expect
      .poll(async () => (await replicaState(list, excursion._id)).outbox, { timeout: 90_000 })
      .toBe(0);
    expect((await replicaState(list, excursion._id)).rejections).toBe(0);

    // Nothing lost, nothing twice: the server has exactly the accepted schedule (the list would show a
    // duplicate twice) and exactly the accepted hearts.
    const expectedSlots = [...initialTours.values()]
      .filter((slot) => !deleted.includes(slot))
      .concat(added)
      .sort();
    await expect
      .poll(async () => [...(await serverTours(excursion._id)).values()].sort(), { timeout: 60_000 })
      .toEqual(expectedSlots);
    const expectedFavourites = [
      ...favouritesBefore.filter((id) => !liked.has(id)),
      ...[...liked].filter(([, on]) => on).map(([id]) => id),
    ].sort();
    await expect
      .poll(async () => (await serverFavorites(baseUrl, token)).sort(), { timeout: 60_000 })
      .toEqual(expectedFavourites);

    // The replica agrees with the server, row for row (server ids, no temporary ones left).
    const onServer = [...(await serverTours(excursion._id))].sort();
    for (const page of [list, editor]) {
      await expect
        .poll(async () => (await replicaState(page, excursion._id)).tours, { timeout: 60_000 })
        .toEqual(onServer);
      await expect
        .poll(async () => (await replicaState(page, excursion._id)).favourites, { timeout: 60_000 })
        .toEqual(expectedFavourites);
    }
    // And so do the screens.
    for (const { id, card } of picked) expect(await isLiked(card), id).toBe(liked.get(id));
    for (const slot of added) {
      const [date, time] = slot.split(' ') as [string, string];
      await expect
        .poll(() => chip(date, time).getAttribute('data-state'), { timeout: 30_000 })
        .toBe('stored');
    }
    for (const slot of deleted) {
      const [date, time] = slot.split(' ') as [string, string];
      expect(await chip(date, time).count()).toBe(0);
    }
    // The network really failed under the app, and the seller really worked through it.
    expect(failedRequests).toBeGreaterThan(0);
    expect(added.length).toBeGreaterThanOrEqual(5);
    expect(deleted).toHaveLength(2);
    console.info(
      `flapping: ${flaps} switches, ${step} heart toggles, ${added.length} times added, ` +
        `${deleted.length} deleted, ${failedRequests} API requests failed`,
    );
    await screenshot(list, 'reliability-flapping-list');
    await context.close();
  }, 300_000);
});
