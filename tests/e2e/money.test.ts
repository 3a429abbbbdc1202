import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../src/domain/dates';
import { formatRoubles, withPlainSpaces } from '../../src/domain/pricing';
import type { Ticket } from '../../src/domain/types';
import { api, catalogue } from '../support/api';
import { book, bookingBody, newBuyers } from '../support/booking';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { ROOT } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

// The money path as a tourist lives it, on a product server of this file's own whose clock the test
// can move (a hold lasts 15 minutes): leaving the payment page, paying later from the ticket,
// cancelling within the free window and seeing the refund; and a hold that lapses, saying why.

let browser: Browser;
let server: TestServer;
let offset = 0;
const used = new Set<string>();

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer('pglite', {
    distDir: join(ROOT, 'dist'),
    template: false,
    now: () => new Date(Date.now() + offset),
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

/** A new tourist signed in on a phone, with a coach seat booked five days ahead and not paid. */
async function heldTicket() {
  const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
  const { excursions, tours } = await catalogue(server);
  const from = addDays(crimeaToday(new Date()), 5);
  const tour = tours.find(
    (t) =>
      !used.has(t._id) &&
      t.date >= from &&
      t.emptySeats.length > 0 &&
      excursions.find((e) => e._id === t.excursionID)?.busType === 'coach',
  );
  if (!tour) throw new Error('no coach tour five days ahead');
  used.add(tour._id);
  const excursion = excursions.find((e) => e._id === tour.excursionID)!;
  const body = bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] });
  const booked = await book(server, buyer.token, body);
  expect(booked.status).toBe(200);
  const { context, page } = await openPhone(browser);
  await context.addInitScript((value) => localStorage.setItem('access_token', value), buyer.token);
  return { context, page, buyer, excursion, id: booked.body.ticket_id as string, price: body.excursionPrice };
}

const ticketPath = (id: string) => `/profile/tickets/ticket/${id}`;
const statusOf = (page: Page) => page.locator('.ticket-main .ticket-status');

async function payWithTestCard(page: Page, amount: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Форма оплаты картой' });
  const cardNumber = form.getByLabel('Номер карты');
  await cardNumber.waitFor({ timeout: 20_000 });
  await cardNumber.pressSequentially('4242424242424242');
  await form.getByLabel('Действует до').pressSequentially('1230');
  await form.getByLabel('CVC').pressSequentially('123');
  await form.getByRole('button', { name: `Оплатить ${amount}` }).click();
}

describe('money after the booking', () => {
  it('a tourist leaves the payment page, pays later from the ticket, then cancels and sees the refund', async () => {
    const { context, page, buyer, id, price } = await heldTicket();
    const amount = formatRoubles(price);

    // The payment page was left: the ticket itself offers the payment and says how long the seats wait.
    await page.goto(`${server.url}${ticketPath(id)}`);
    await page.getByText(/^Бронь действует ещё 1[45] мин$/).waitFor({ timeout: 30_000 });
    expect(await statusOf(page).innerText()).toContain('Обрабатывается');
    await screenshot(page, 'ticket-pay-later');
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await page.waitForURL(`${server.url}/payment`, { timeout: 20_000 });
    await payWithTestCard(page, amount);
    await page.waitForURL(`${server.url}${ticketPath(id)}?from=payment`, { timeout: 20_000 });
    await expect.poll(() => statusOf(page).innerText(), { timeout: 20_000 }).toContain('Оплачен');

    // Five days ahead is inside the free window: cancelling gives the money back.
    await page.getByText(/^Бесплатная отмена до \d\d\.\d\d\.\d{4} \d\d:\d\d$/).waitFor();
    await page.getByRole('button', { name: 'Отменить и вернуть деньги' }).click();
    await page.getByText(`Отменить билет? Вернём ${amount} на карту.`).waitFor();
    await screenshot(page, 'ticket-refund-confirm');
    await page.getByRole('button', { name: 'Да, отменить' }).click();
    await expect.poll(() => statusOf(page).innerText(), { timeout: 20_000 }).toContain('Отменен');
    const refund = page.locator('.ticket-money-refund');
    await expect
      .poll(async () => withPlainSpaces(await refund.innerText()), { timeout: 20_000 })
      .toContain(`Возврат ${withPlainSpaces(amount)} оформлен`);
    await refund.getByText('Деньги отправлены на вашу карту.').waitFor({ timeout: 20_000 });
    expect(await page.locator('.ticket-qr').count()).toBe(0);
    await screenshot(page, 'ticket-refunded');

    const onServer = await api(server, buyer.token).json<Ticket>(`/api/tickets/${id}`);
    expect(onServer.refund).toEqual({ amount: price, status: 'succeeded' });
    await context.close();
  });

  it('an unpaid hold lapses with its reason shown and a way to book again', async () => {
    const { context, page, excursion, id } = await heldTicket();
    await page.goto(`${server.url}${ticketPath(id)}`);
    await page.getByText(/^Бронь действует ещё/).waitFor({ timeout: 30_000 });

    offset = 16 * 60_000;
    try {
      await server.sweepHolds();
      await page
        .getByText('Бронь истекла: билет не был оплачен в течение 15 минут. Места вернулись в продажу.')
        .waitFor({ timeout: 20_000 });
    } finally {
      offset = 0;
    }
    expect(await statusOf(page).innerText()).toContain('Отменен');
    expect(await page.getByRole('button', { name: 'Оплатить', exact: true }).count()).toBe(0);
    const again = page.getByRole('link', { name: 'Забронировать снова' });
    expect(await again.getAttribute('href')).toBe(`/booking/${excursion._id}`);
    await screenshot(page, 'ticket-lapsed');
    await again.click();
    await page.waitForURL(`${server.url}/booking/${excursion._id}`);
    await context.close();
  });
});
