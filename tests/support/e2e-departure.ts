import type { Page } from 'playwright-core';
import { addDays, crimeaToday } from '../../src/domain/dates';
import type { Excursion, Tour } from '../../src/domain/types';
import { DEMO } from './api';

// What the departure-day e2e tests share: calls to the product's API and the demo seller's tours.

/** A JSON call to the product at `baseUrl`, each with an Idempotency-Key; throws on an error status. */
export function productCaller(baseUrl: string) {
  return async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
}

export function freeSeats(excursion: Excursion, tour: Tour): number[] {
  return tour.emptySeats.filter((seat) => !excursion.reservedSeats.includes(seat));
}

/**
 * A tour of the demo seller's with an assembly point, nobody booked on it, `daysAhead` days ahead or
 * later, with room for `places`: the latest such, as the booking tests book the earliest tours.
 */
export async function emptySellerTour(
  baseUrl: string,
  { daysAhead, places }: { daysAhead: number; places: number },
): Promise<{ excursion: Excursion; tour: Tour }> {
  const call = productCaller(baseUrl);
  const { excursions } = await call<{ excursions: Excursion[] }>('GET', '/api/excursions');
  const { tours } = await call<{ tours: Tour[] }>('GET', '/api/tours');
  const soon = addDays(crimeaToday(new Date()), daysAhead);
  const found = tours
    .filter((tour) => tour.date >= soon && tour.tickets.length === 0)
    .flatMap((tour) => {
      const excursion = excursions.find((e) => e._id === tour.excursionID);
      if (excursion?.ownerID !== DEMO.seller || excursion.assemblyPoints.length === 0) return [];
      const free = excursion.busType === 'none' ? excursion.maxAttendants : freeSeats(excursion, tour).length;
      return free >= places ? [{ excursion, tour }] : [];
    })
    .sort((a, b) => (a.tour.date < b.tour.date ? 1 : a.tour.date > b.tour.date ? -1 : 0))[0];
  if (!found) throw new Error(`the demo catalogue has no empty tour of DEMO.seller with room for ${places}`);
  return found;
}

/**
 * Waits until the service worker controls the page (the app works offline from here on) and closes
 * the 'App ready to work offline' line if it still shows: it leaves by itself after some seconds, and
 * while it shows the page sits lower by its height.
 */
export async function closeOfflineToast(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  // Matched by its button, not its words: after a moment the line offers the trip download instead.
  const close = page
    .getByRole('alert', { name: 'Обновление приложения' })
    .getByRole('button', { name: 'Close' });
  const shown = await close.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (shown) await close.click().catch(() => undefined);
  await close.waitFor({ state: 'detached', timeout: 15_000 });
}
