import type { Browser, BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPrice, formatRoubles, totalPrice } from '../../src/domain/pricing';
import type { Excursion, Ticket, Tour } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { mintToken, signIn } from '../support/session';
import { product } from '../support/e2e-product';

// Payment, the ticket screens and the ticket offline, against the real product with the built-in test
// payment provider. The ticket is booked through the API (the booking screen has its own tests), then
// the person pays in the app's card widget exactly as a buyer would.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;

const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const DECLINE_TEXT = 'Платёж отклонён банком. Проверьте номер карты или возьмите другую';
const SUCCESS_TEXT = 'Оплата прошла успешно. Чек отправлен на вашу почту';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function getJson<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A coach excursion's tour after today (Crimean time) with `free` seats a buyer can pick. */
async function coachTour(free: number, withChildren = false): Promise<{ excursion: Excursion; tour: Tour }> {
  const { excursions } = await getJson<{ excursions: Excursion[] }>('/api/excursions');
  const { tours } = await getJson<{ tours: Tour[] }>('/api/tours');
  const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (excursion?.busType !== 'coach' || tour.date <= today) continue;
    if (withChildren && !excursion.childrenAllowed) continue;
    if (freeSeats(excursion, tour).length >= free && excursion.assemblyPoints.length > 0)
      return { excursion, tour };
  }
  throw new Error(`no coach tour with ${free} free seats`);
}

/** The tour's empty seats that the seller has not reserved: what a buyer can pick. */
function freeSeats(excursion: Excursion, tour: Tour): number[] {
  return tour.emptySeats.filter((seat) => !excursion.reservedSeats.includes(seat));
}

interface Booked {
  ticket_id: string;
  confirmationid: string;
  ticket: Ticket;
}

/** POST /api/tickets as the server prices it (SPEC §9): no services, so the total is the fares. */
async function book(
  token: string,
  excursion: Excursion,
  tour: Tour,
  party: { adults: number; kids: number },
): Promise<Booked> {
  const seats = freeSeats(excursion, tour).slice(0, party.adults + party.kids);
  const body = {
    tourID: tour._id,
    userID: DEMO.tourist,
    ...party,
    seats,
    assemblyPoint: excursion.assemblyPoints[0],
    services: [],
    excursionPrice: totalPrice(excursion, party, []),
    entryPrice: entryPrice(excursion, party),
  };
  const response = await fetch(`${baseUrl}/api/tickets`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Booked & { detail?: string };
  if (response.status !== 200) throw new Error(`booking answered ${response.status}: ${answer.detail}`);
  expect(answer.ticket.seats).toEqual(seats);
  return answer;
}

/** Into /payment with navigation state, as the booking page's navigate() does (BrowserRouter reads `usr`). */
async function openPayment(page: Page, booked: Booked, offline?: BrowserContext): Promise<void> {
  await page.goto(`${baseUrl}/profile/tickets`);
  await page.getByRole('heading', { name: 'Мои билеты', level: 1 }).waitFor({ timeout: 30_000 });
  if (offline) {
    // The worker must control the page to serve the payment screen's code with no network.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await offline.setOffline(true);
  }
  await page.evaluate(
    ([ticketId, confirmationId]) => {
      history.pushState(
        { usr: { ticket_id: ticketId, confirmationid: confirmationId }, key: 'x', idx: 1 },
        '',
        '/payment',
      );
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    [booked.ticket_id, booked.confirmationid],
  );
}

/** Types the card the way a thumb does, one key at a time, so the widget's formatting runs. */
async function typeCard(page: Page, number: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Форма оплаты картой' });
  const cardNumber = form.getByLabel('Номер карты');
  await cardNumber.fill('');
  await cardNumber.pressSequentially(number);
  expect(await cardNumber.inputValue()).toBe(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  const expiry = form.getByLabel('Действует до');
  await expiry.fill('');
  await expiry.pressSequentially('1230');
  expect(await expiry.inputValue()).toBe('12/30');
  const cvc = form.getByLabel('CVC');
  await cvc.fill('');
  await cvc.pressSequentially('123');
}

/**
 * The QR code's modules as drawn in the page (sampled at each module's centre), compared with the
 * modules of a QR code made from `code`: the picture really carries the server's signed code.
 */
async function expectQrOf(page: Page, code: string): Promise<void> {
  const expected = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules;
  const drawn = await page.locator('.ticket-qr img').evaluate((img: HTMLImageElement, size: number) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(img, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const scale = canvas.width / (size + 4); // margin: 2 modules each side
    const dark: number[] = [];
    for (let row = 0; row < size; row += 1) {
      for (let col = 0; col < size; col += 1) {
        const x = Math.floor((col + 2.5) * scale);
        const y = Math.floor((row + 2.5) * scale);
        dark.push((pixels[(y * canvas.width + x) * 4] as number) < 128 ? 1 : 0);
      }
    }
    return dark;
  }, expected.size);
  expect(drawn).toEqual([...expected.data].map((bit) => (bit ? 1 : 0)));
}

describe('paying for a booked ticket', () => {
  it('declines the bad card, pays with the good one, and the paid ticket opens with its QR, also offline', async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.tourist);
    const { excursion, tour } = await coachTour(3, true);
    const party = { adults: 2, kids: 1 };
    const booked = await book(token, excursion, tour, party);
    const seats = booked.ticket.seats;
    const ticketPath = `/profile/tickets/ticket/${booked.ticket_id}`;

    await openPayment(page, booked);
    expect(new URL(page.url()).pathname).toBe('/payment');
    // The summary from the replica, and the test provider's form with its amount.
    const summary = page.locator('.payment-summary');
    await summary.getByRole('heading', { name: excursion.title }).waitFor({ timeout: 20_000 });
    const amount = formatRoubles(totalPrice(excursion, party, []));
    expect(await summary.locator('.payment-total dd').innerText()).toBe(amount);
    expect(await summary.innerText()).toContain(`3 места: № ${seats.join(', ')}`);
    await page.getByText('Места удерживаются 15 минут').waitFor();
    const form = page.getByRole('region', { name: 'Форма оплаты картой' });
    await form
      .getByText('Тестовая оплата: карта 4242 4242 4242 4242 проходит, 4000 0000 0000 0002 отклоняется')
      .waitFor({ timeout: 20_000 });
    expect(await form.locator('.tpw-amount strong').innerText()).toBe(amount);
    const payButton = form.getByRole('button', { name: `Оплатить ${amount}` });
    await screenshot(page, 'payment-test-widget');

    // A mistyped card never leaves the form; a declined one comes back with the bank's answer.
    await typeCard(page, '4242424242424241');
    await payButton.click();
    await form.getByText('Проверьте номер карты').waitFor();
    expect(await form.getByLabel('Номер карты').getAttribute('aria-invalid')).toBe('true');

    await typeCard(page, DECLINED_CARD);
    await payButton.click();
    await form.getByRole('alert').filter({ hasText: DECLINE_TEXT }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/payment');
    await screenshot(page, 'payment-declined');
    expect((await getJson<Ticket>(`/api/tickets/${booked.ticket_id}`, token)).status).toBe('to payment');

    // The good card: back to the ticket, which the socket turns 'Оплачен' without a reload.
    await typeCard(page, GOOD_CARD);
    await payButton.click();
    await page.waitForURL(`${baseUrl}${ticketPath}?from=payment`, { timeout: 20_000 });
    const status = page.locator('.ticket-main .ticket-status');
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toContain('Оплачен');
    expect(await status.getAttribute('class')).toContain('status-confirmed');
    await page.getByRole('status').filter({ hasText: SUCCESS_TEXT }).waitFor();
    await page.getByRole('heading', { name: excursion.title, level: 2 }).waitFor();
    expect(await page.locator('.ticket-seat-numbers').innerText()).toBe(`№ ${seats.join(', ')}`);
    expect(await page.locator('.ticket-main-seats').innerText()).toBe('3 места');
    const qr = page.getByRole('img', { name: 'QR-код билета' });
    await qr.waitFor({ timeout: 15_000 });
    const serverTicket = await getJson<Ticket>(`/api/tickets/${booked.ticket_id}`, token);
    expect(serverTicket.status).toBe('confirmed');
    await expectQrOf(page, serverTicket.checkCode as string);
    // The guide's check accepts that code.
    const adminToken = await mintToken(dataDir, DEMO.admin);
    const check = await getJson<{ valid: boolean }>(
      `/api/tickets/check/${encodeURIComponent(serverTicket.checkCode as string)}`,
      adminToken,
    );
    expect(check.valid).toBe(true);
    await screenshot(page, 'ticket-confirmed');
    await page.goto(`${baseUrl}/success?ticket=${booked.ticket_id}`);
    await page.getByRole('heading', { name: SUCCESS_TEXT }).waitFor({ timeout: 30_000 });
    await page.locator('.payment-success-page').getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}${ticketPath}`);
    await qr.waitFor({ timeout: 15_000 });
    await page.locator('.ticket-facts').scrollIntoViewIfNeeded();
    await screenshot(page, 'ticket-confirmed-details');

    // Another user sees those seats taken.
    const seller2 = await mintToken(dataDir, DEMO.seller2);
    const tourNow = await getJson<Tour>(`/api/tours/${tour._id}`, seller2);
    expect(tourNow.takenSeats).toEqual(expect.arrayContaining(seats));
    for (const seat of seats) expect(tourNow.emptySeats).not.toContain(seat);

    // The list says it is paid.
    await page.goto(`${baseUrl}/profile/tickets`);
    const card = page.locator(`a.ticket-card[href="${ticketPath}"]`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.locator('.ticket-status').innerText()).toBe('Оплачен');
    expect(await card.locator('.ticket-card-title').innerText()).toBe(excursion.title);
    expect(await card.innerText()).toContain(`3 места · № ${seats.join(', ')}`);
    await screenshot(page, 'tickets-list');

    // Offline: the worker serves the shell, the replica the ticket, the device draws the QR.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.goto(`${baseUrl}${ticketPath}`);
    await qr.waitFor({ timeout: 15_000 });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: excursion.title, level: 2 }).waitFor({ timeout: 15_000 });
    expect(await status.innerText()).toContain('Оплачен');
    await qr.waitFor({ timeout: 15_000 });
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectQrOf(page, serverTicket.checkCode as string);
    await page.getByRole('status').filter({ hasText: 'Нет сети' }).waitFor();
    await screenshot(page, 'ticket-offline');
    await context.close();
  });
});

describe('an unpaid ticket', () => {
  it('waits for the network to pay, says a payment is being confirmed, returns to the card form, and cancels after a confirm step', async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.tourist);
    const { excursion, tour } = await coachTour(1);
    const booked = await book(token, excursion, tour, { adults: 1, kids: 0 });
    const seat = booked.ticket.seats[0] as number;

    // Offline, /payment says that paying needs the network and that the seats are held; when the
    // network returns the card form appears by itself. /payment also keeps the token for this tab.
    await openPayment(page, booked, context);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Для оплаты нужно подключение к интернету' })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('alert').getByText('Места удерживаются 15 минут').waitFor();
    expect(await page.locator('.tpw').count()).toBe(0);
    await screenshot(page, 'payment-offline');
    await context.setOffline(false);
    await page
      .getByRole('region', { name: 'Форма оплаты картой' })
      .getByLabel('Номер карты')
      .waitFor({ timeout: 20_000 });
    expect(await page.getByText('Для оплаты нужно подключение к интернету').count()).toBe(0);

    // Back from the provider before the payment is confirmed: the ticket says it is being confirmed.
    await page.goto(`${baseUrl}/profile/tickets/ticket/${booked.ticket_id}?from=payment`);
    await page.getByRole('status').filter({ hasText: 'Подтверждаем оплату' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.ticket-main .ticket-status').innerText()).toContain('Обрабатывается');
    expect(await page.getByText(SUCCESS_TEXT).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Отменить бронь' }).count()).toBe(0);

    await page.goto(`${baseUrl}/profile/tickets/ticket/${booked.ticket_id}`);
    await expect
      .poll(() => page.locator('.ticket-main .ticket-status').innerText(), { timeout: 20_000 })
      .toContain('Обрабатывается');
    expect(await page.getByText('Подтверждаем оплату').count()).toBe(0);
    await page.getByText('Билет ещё не оплачен. Места удерживаются 15 минут').waitFor();
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(`${baseUrl}/payment`);
    await page
      .getByRole('region', { name: 'Форма оплаты картой' })
      .getByLabel('Номер карты')
      .waitFor({ timeout: 20_000 });
    await page.goBack();

    // Cancel, think again, then cancel for real: the seat goes back on sale.
    await page.getByRole('button', { name: 'Отменить бронь' }).click();
    await page.getByText('Отменить бронь? Места вернутся в продажу.').waitFor();
    await page.getByRole('button', { name: 'Нет' }).click();
    expect(await page.getByRole('button', { name: 'Отменить бронь' }).count()).toBe(1);
    expect((await getJson<Ticket>(`/api/tickets/${booked.ticket_id}`, token)).status).toBe('to payment');
    await page.getByRole('button', { name: 'Отменить бронь' }).click();
    await screenshot(page, 'ticket-cancel-confirm');
    await page.getByRole('button', { name: 'Да, отменить' }).click();
    await expect
      .poll(() => page.locator('.ticket-main .ticket-status').innerText(), { timeout: 15_000 })
      .toContain('Отменен');
    expect(await page.getByRole('button', { name: 'Отменить бронь' }).count()).toBe(0);
    expect(await page.locator('.ticket-qr').count()).toBe(0);
    expect((await getJson<Ticket>(`/api/tickets/${booked.ticket_id}`, token)).status).toBe('cancelled');
    expect((await getJson<Tour>(`/api/tours/${tour._id}`)).emptySeats).toContain(seat);
    await context.close();
  });
});

describe('the whole purchase in the app', () => {
  it('books 2 adults and 1 child on a coach tour, picks 3 seats, pays, and another user sees them taken', async () => {
    const { excursion, tour } = await coachTour(3, true);
    const seats = freeSeats(excursion, tour).slice(-3);
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.tourist);

    // Step 0: the tour, 2 adults and 1 child; step 1: three seats on the bus map.
    await page.goto(`${baseUrl}/booking/${excursion._id}`);
    await page.getByLabel('Дата и время').selectOption(tour._id, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Взрослые: больше' }).click();
    await page.getByRole('button', { name: 'Дети: больше' }).click();
    const total = formatRoubles(totalPrice(excursion, { adults: 2, kids: 1 }, []));
    expect(await page.getByTestId('booking-total').innerText()).toBe(total);
    await page.getByRole('button', { name: 'К выбору мест' }).click();
    for (const seat of seats) await page.getByRole('button', { name: `Место ${seat}`, exact: true }).click();
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();

    // The card form, the good card, and back on the paid ticket with its seats and QR.
    await page.waitForURL(`${baseUrl}/payment`, { timeout: 20_000 });
    await page
      .locator('.payment-summary')
      .getByText(`3 места: № ${seats.join(', ')}`)
      .waitFor({ timeout: 20_000 });
    await typeCard(page, GOOD_CARD);
    await page.getByRole('button', { name: `Оплатить ${total}` }).click();
    await page.waitForURL(/\/profile\/tickets\/ticket\/[^/?]+\?from=payment$/, { timeout: 20_000 });
    const ticketId = new URL(page.url()).pathname.split('/').pop() as string;
    await expect
      .poll(() => page.locator('.ticket-main .ticket-status').innerText(), { timeout: 20_000 })
      .toContain('Оплачен');
    expect(await page.locator('.ticket-seat-numbers').innerText()).toBe(`№ ${seats.join(', ')}`);
    await page.getByRole('img', { name: 'QR-код билета' }).waitFor({ timeout: 15_000 });
    const paid = await getJson<Ticket>(`/api/tickets/${ticketId}`, token);
    expect(paid).toMatchObject({ status: 'confirmed', adults: 2, kids: 1, tourID: tour._id });
    expect([...paid.seats].sort((a, b) => a - b)).toEqual([...seats].sort((a, b) => a - b));
    await expectQrOf(page, paid.checkCode as string);
    await context.close();

    // Another user on the same tour's seat map: those three seats are unavailable.
    const other = await openPhone(browser);
    await signIn(other.context, dataDir, DEMO.seller2);
    await other.page.goto(`${baseUrl}/booking/${excursion._id}`);
    await other.page.getByLabel('Дата и время').selectOption(tour._id, { timeout: 30_000 });
    await other.page.getByRole('button', { name: 'К выбору мест' }).click();
    for (const seat of seats) {
      const button = other.page.getByRole('button', { name: `Место ${seat}`, exact: true });
      await expect
        .poll(() => button.getAttribute('class'), { timeout: 15_000 })
        .toContain('seat-unavailable');
      expect(await button.getAttribute('aria-disabled')).toBe('true');
    }
    await other.page
      .getByRole('button', { name: `Место ${seats[0]}`, exact: true })
      .evaluate((seat) => seat.scrollIntoView({ block: 'center' }));
    await screenshot(other.page, 'booking-seats-taken');
    await other.context.close();
  });
});

describe('payment screens without a booking', () => {
  it('explains /payment opened with nothing to pay, and /success without a paid ticket leads to the tickets', async () => {
    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.tourist);
    await page.goto(`${baseUrl}/payment`);
    await page.getByRole('heading', { name: 'Нечего оплачивать' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#payment-form').count()).toBe(0);
    await page.getByRole('link', { name: 'Мои билеты' }).click();
    await page.waitForURL(`${baseUrl}/profile/tickets`);

    // /success says the payment went through only for a paid ticket; opened otherwise it leads to the tickets.
    await page.goto(`${baseUrl}/success`);
    await page.waitForURL(`${baseUrl}/profile/tickets`, { timeout: 30_000 });

    await page.goto(`${baseUrl}/profile/tickets/ticket/missing-ticket-id`);
    await page.getByText('Ticket not found').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
