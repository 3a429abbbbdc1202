import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTourDate } from '../../src/domain/dates';
import type { Excursion, Ticket, Tour } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { bookingBody, GOOD_CARD } from '../support/booking';
import { launchBrowser, openPhone, screenshot, staffScreensKept } from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { closeOfflineToast, emptySellerTour, freeSeats, productCaller } from '../support/e2e-departure';
import { product } from '../support/e2e-product';
import { signIn } from '../support/session';

// Against the real product: a guide's departure day. The seller opens the passenger manifest while
// online, loses the network, checks three paid passengers in at the bus door (two typed codes, one
// photo of a QR fed to the scanner), is refused a forged code, and once back online the server has
// the three check-ins. A fourth passenger, checked in offline, cancels meanwhile: when the phone
// syncs, that check-in comes back as a conflict instead of being accepted.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const mailDir = product('mailDir');
const call = productCaller(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Passenger {
  name: string;
  surname: string;
  token: string;
  ticket: Ticket;
}

/** A new tourist with a name, who books one seat on the tour and pays for it with the test card. */
async function paidPassenger(
  excursion: Excursion,
  tour: Tour,
  seat: number | undefined,
  name: string,
  surname: string,
): Promise<Passenger> {
  const account = await newTourist(baseUrl, mailDir);
  const token = account.access_token;
  const id = account.user_data.id;
  await call('PUT', `/api/users/${id}`, token, {
    name,
    surname,
    middlename: '',
    phone: '8(978)555-01-0' + String(id % 10),
    email: account.user_data.email,
    avatar: '',
  });
  const body = bookingBody(id, excursion, tour, { adults: 1, seats: seat === undefined ? [] : [seat] });
  const booked = await call<{ ticket_id: string; confirmationid: string }>(
    'POST',
    '/api/tickets',
    token,
    body,
  );
  await call('POST', '/api/test-pay/pay', undefined, {
    confirmation_token: booked.confirmationid,
    card_number: GOOD_CARD,
  });
  const ticket = await call<Ticket>('GET', `/api/tickets/${booked.ticket_id}`, token);
  expect(ticket.status).toBe('confirmed');
  expect(ticket.checkCode).toMatch(/^T1\./);
  return { name, surname, token, ticket };
}

const result = (page: Page) => page.locator('.boarding-result');

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Код билета').fill(code);
  await page.getByRole('button', { name: 'Проверить' }).click();
}

describe('boarding a departure offline', () => {
  it('checks in two typed codes and one photographed QR offline, refuses a forged code, syncs them, and reports a check-in of a ticket cancelled meanwhile as a conflict', async () => {
    const { excursion, tour } = await emptySellerTour(baseUrl, { daysAhead: 2, places: 4 });
    const seats = excursion.busType === 'none' ? [] : freeSeats(excursion, tour).slice(0, 4);
    const names = [
      ['Марина', 'Шевченко'],
      ['Артём', 'Гордеев'],
      ['Лейла', 'Османова'],
      ['Денис', 'Руденко'],
    ] as const;
    const passengers: Passenger[] = [];
    for (const [i, [name, surname]] of names.entries()) {
      passengers.push(await paidPassenger(excursion, tour, seats[i], name, surname));
    }
    const [first, second, third, leaving] = passengers as [Passenger, Passenger, Passenger, Passenger];
    const boarding = [first, second, third];

    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.seller);
    // The seller's excursion page lists the departure with its bookings; it leads to the manifest.
    await page.goto(`${baseUrl}/profile/myexcursion/${excursion._id}`);
    const departure = formatTourDate(tour.date, tour.time);
    const line = page.getByRole('link', { name: `${departure} Записано 4` });
    // The list shows the nearest departures first; this one, the latest, is behind 'show all'.
    await page.getByRole('heading', { name: 'Ближайшие выезды' }).waitFor({ timeout: 30_000 });
    // The list fills as the replica syncs, so 'show all' may come only after the heading. Polled on
    // the departure's line as it reads, so a miss shows what the seller saw.
    const showAll = page.getByRole('button', { name: /^Показать все выезды \(\d+\)$/ });
    await expect
      .poll(
        async () => {
          if ((await showAll.count()) > 0) await showAll.click();
          const texts = await page.locator('.departure-line', { hasText: departure }).allTextContents();
          return texts.map((text) => text.replace(/\s+/g, ' ').trim());
        },
        { timeout: 30_000 },
      )
      .toEqual([`${departure} Записано 4`]);
    await line.scrollIntoViewIfNeeded();
    await screenshot(page, 'departure-list');
    await line.click();
    await page.getByRole('heading', { name: 'Пассажиры', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: excursion.title }).waitFor();
    for (const one of passengers) {
      const card = page.getByRole('article', { name: `${one.surname} ${one.name}` });
      await card.waitFor({ timeout: 30_000 });
      await card.getByText('Оплачен', { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: /Позвонить/ }).getAttribute('href')).toMatch(
        /^tel:\+79785550/,
      );
    }
    await page.getByRole('button', { name: 'Не сели · 4' }).waitFor();
    // The app must open its screens with no network: wait for the worker to control the page and keep
    // the seller's screens, the boarding screen among them (never opened on this phone yet).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await staffScreensKept(page);
    await closeOfflineToast(page);
    await screenshot(page, 'departure-manifest');
    await screenshot(page, 'departure-manifest-full', true);

    await context.setOffline(true);
    await page.getByRole('link', { name: /Посадка/ }).click();
    await page.getByRole('heading', { name: 'Посадка', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByText('Сели 0 из 4').waitFor();
    // This browser has no camera to give: the screen says so and leaves the photo and the typed code.
    await page
      .getByText(/^(Камера недоступна на этом устройстве|Доступ к камере не разрешён)/)
      .waitFor({ timeout: 30_000 });

    await typeCode(page, first.ticket.checkCode as string);
    await result(page).getByText('Посадка отмечена').waitFor();
    await result(page).getByText(`${first.surname} ${first.name}`).waitFor();
    await page.getByText('Сели 1 из 4').waitFor();

    await typeCode(page, ` ${second.ticket.checkCode as string} `);
    await result(page).getByText(`${second.surname} ${second.name}`).waitFor();
    expect(await result(page).locator('.boarding-result-title').innerText()).toBe('Посадка отмечена');
    await page.getByText('Сели 2 из 4').waitFor();

    // The third shows the QR on their ticket; the guide photographs it.
    const png = await QRCode.toBuffer(third.ticket.checkCode as string, { width: 480, margin: 2 });
    await page
      .getByLabel('Сканировать фото')
      .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
    await result(page).getByText(`${third.surname} ${third.name}`).waitFor({ timeout: 30_000 });
    expect(await result(page).locator('.boarding-result-title').innerText()).toBe('Посадка отмечена');
    await page.getByText('Сели 3 из 4').waitFor();

    // A code of the right shape for a real ticket, its signature altered: nothing on the phone matches.
    const genuine = first.ticket.checkCode as string;
    const forged = `${genuine.slice(0, -4)}${genuine.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await typeCode(page, forged);
    await result(page)
      .getByText('Билет не найден: код не совпадает ни с одним билетом этого рейса')
      .waitFor();
    // The first passenger shows their ticket again: already on board, and when.
    await typeCode(page, genuine);
    await result(page)
      .getByText(/^Уже отмечен в \d\d:\d\d$/)
      .waitFor();
    await page.getByText('Сели 3 из 4').waitFor();
    await screenshot(page, 'departure-boarding');

    // The fourth boards on the phone, then cancels their ticket from their own phone, with network.
    await typeCode(page, leaving.ticket.checkCode as string);
    await result(page).getByText(`${leaving.surname} ${leaving.name}`).waitFor();
    await page.getByText('Сели 4 из 4').waitFor();
    await call('PATCH', `/api/tickets/${leaving.ticket._id}`, leaving.token, { status: 'cancelled' });

    // Nothing has reached the server while offline.
    for (const one of passengers) {
      const onServer = await call<Ticket>('GET', `/api/tickets/${one.ticket._id}`, one.token);
      expect(onServer.checkedInAt).toBeUndefined();
    }

    await context.setOffline(false);
    for (const one of boarding) {
      await expect
        .poll(
          async () => (await call<Ticket>('GET', `/api/tickets/${one.ticket._id}`, one.token)).checkedInAt,
          { timeout: 60_000 },
        )
        .toMatch(/^\d{4}-\d\d-\d\dT/);
    }

    // The cancelled ticket's check-in is refused when it syncs and shown as a conflict, with its name.
    const conflict = page.getByRole('alert').filter({ hasText: 'Сервер не принял посадку' });
    await conflict
      .getByText(`${leaving.surname} ${leaving.name}: Билет отменён`)
      .waitFor({ timeout: 60_000 });
    await page.getByText('Сели 3 из 3').waitFor({ timeout: 30_000 });
    // Its green answer given offline no longer stands.
    await expect.poll(() => result(page).count()).toBe(0);
    await screenshot(page, 'departure-boarding-conflict');
    const cancelled = await call<Ticket>('GET', `/api/tickets/${leaving.ticket._id}`, leaving.token);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.checkedInAt).toBeUndefined();
    await conflict.getByRole('button', { name: 'Понятно' }).click();
    await expect.poll(() => conflict.count()).toBe(0);

    // The manifest shows every passenger on board once the server has answered.
    await page.getByRole('link', { name: 'Список пассажиров' }).click();
    await page.getByRole('heading', { name: 'Пассажиры', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Не сели · 0' }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('article', { name: `${leaving.surname} ${leaving.name}` })
      .getByText('Отменён', { exact: true })
      .waitFor();
    for (const one of boarding) {
      const card = page.getByRole('article', { name: `${one.surname} ${one.name}` });
      await card.getByText(/^Сел в автобус \d\d:\d\d$/).waitFor();
      await expect.poll(() => card.getByText('ждёт отправки').count(), { timeout: 30_000 }).toBe(0);
    }
    await context.close();
  });
});
