import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../src/domain/dates';
import { entryPrice, totalPrice } from '../../src/domain/pricing';
import type { Excursion, Tour } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { freeSeats, productCaller } from '../support/e2e-departure';
import { product } from '../support/e2e-product';
import { expectTicketCalendar } from '../support/ics';
import { signIn } from '../support/session';

// 'Добавить в календарь' on a paid ticket, on a phone with no network: the app writes the .ics from
// its replica and hands it to the phone as a download, which a calendar reads back as the trip.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const call = productCaller(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A coach tour two or more days ahead, children welcome, with two seats a buyer can pick. */
async function coachTour(): Promise<{ excursion: Excursion; tour: Tour }> {
  const { excursions } = await call<{ excursions: Excursion[] }>('GET', '/api/excursions');
  const { tours } = await call<{ tours: Tour[] }>('GET', '/api/tours');
  const from = addDays(crimeaToday(new Date()), 2);
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (excursion?.busType !== 'coach' || !excursion.childrenAllowed || tour.date < from) continue;
    if (excursion.assemblyPoints.length === 0) continue;
    if (freeSeats(excursion, tour).length >= 2) return { excursion, tour };
  }
  throw new Error('no coach tour with 2 free seats');
}

describe('a paid ticket in the phone’s calendar', () => {
  it('downloads the trip as an .ics with no network, made from the replica, and offers none once cancelled', async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.tourist);
    const { excursion, tour } = await coachTour();
    const party = { adults: 1, kids: 1 };
    const seats = freeSeats(excursion, tour).slice(0, 2);
    const booked = await call<{ ticket_id: string; confirmationid: string }>('POST', '/api/tickets', token, {
      tourID: tour._id,
      userID: DEMO.tourist,
      ...party,
      seats,
      assemblyPoint: excursion.assemblyPoints[0],
      services: [],
      excursionPrice: totalPrice(excursion, party, []),
      entryPrice: entryPrice(excursion, party),
    });
    await call('POST', '/api/test-pay/pay', undefined, {
      confirmation_token: booked.confirmationid,
      card_number: '4242 4242 4242 4242',
    });
    const ticketUrl = `${baseUrl}/profile/tickets/ticket/${booked.ticket_id}`;

    await page.goto(ticketUrl);
    // The paid ticket's QR code shows once the replica holds the ticket as paid.
    await page.getByRole('img', { name: 'QR-код билета' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.ticket-main .ticket-status').innerText()).toContain('Оплачен');
    // The worker must control the page to serve the app with no network.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: excursion.title, level: 2 }).waitFor({ timeout: 15_000 });
    await page.getByRole('status').filter({ hasText: 'Нет сети' }).waitFor();

    const button = page.getByRole('button', { name: 'Добавить в календарь' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`ekskursiya-${tour.date}.ics`);
    const ics = await readFile(await download.path(), 'utf8');
    expect(ics).toContain('\r\nMETHOD:PUBLISH\r\n');
    expectTicketCalendar(ics, {
      ticketId: booked.ticket_id,
      excursion,
      tour,
      seats,
      party: 'Взрослые: 1, дети: 1',
      ticketUrl,
    });
    await screenshot(page, 'ticket-calendar');

    // A cancelled ticket will not travel: the button goes once the replica hears of the cancel.
    await context.setOffline(false);
    await call('PATCH', `/api/tickets/${booked.ticket_id}`, token, { status: 'cancelled' });
    await expect
      .poll(() => page.locator('.ticket-main .ticket-status').innerText(), { timeout: 20_000 })
      .toContain('Отменен');
    expect(await button.count()).toBe(0);
    await context.close();
  });
});
