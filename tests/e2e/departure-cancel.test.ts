import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  crimeaToday,
  formatDisplayDate,
  formatTourDate,
  mondayFirstWeekday,
} from '../../src/domain/dates';
import { formatRoubles, withPlainSpaces } from '../../src/domain/pricing';
import type { Excursion, Ticket, Tour } from '../../src/domain/types';
import { TOUR_OPERATION_TEXTS } from '../../src/server/services/tour-operations';
import { DEMO } from '../support/api';
import { bookingBody, GOOD_CARD } from '../support/booking';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { closeOfflineToast, emptySellerTour, freeSeats, productCaller } from '../support/e2e-departure';
import { product } from '../support/e2e-product';
import { mintToken, signIn } from '../support/session';
import { mailCount, savedMails, subjectOf, type CapturedMail } from '../support/smtp';
import { tapDateInSheet } from '../support/e2e-dates';

// Against the real product: a seller cancels a sold departure from its passenger page, and the
// tourist's ticket, open on their phone, shows it cancelled with the seller's reason and the refund,
// live. Then a season is added to the schedule by rule, previewed as chips and queued offline.

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

async function catalogue(): Promise<{ excursions: Excursion[]; tours: Tour[] }> {
  const { excursions } = await call<{ excursions: Excursion[] }>('GET', '/api/excursions');
  const { tours } = await call<{ tours: Tour[] }>('GET', '/api/tours');
  return { excursions, tours };
}

/** The mails saved for `to` since the first `after` files. */
async function mailsTo(to: string, after: number): Promise<CapturedMail[]> {
  return (await savedMails(mailDir, after)).filter((mail) => mail.to.includes(to.toLowerCase()));
}

const ddmm = (date: string) => formatDisplayDate(date).slice(0, 5);

/** A new tourist who books a seat on the tour, pays with the test card and keeps the ticket open. */
async function paidTicketOpen(excursion: Excursion, tour: Tour) {
  const account = await newTourist(baseUrl, mailDir);
  const token = account.access_token;
  const seat = excursion.busType === 'none' ? [] : [freeSeats(excursion, tour)[0] as number];
  const body = bookingBody(account.user_data.id, excursion, tour, { adults: 1, seats: seat });
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
  const ticketId = booked.ticket_id;
  expect((await call<Ticket>('GET', `/api/tickets/${ticketId}`, token)).status).toBe('confirmed');

  const tourist = await openPhone(browser);
  await tourist.context.addInitScript((value) => localStorage.setItem('access_token', value), token);
  await tourist.page.goto(`${baseUrl}/profile/tickets/ticket/${ticketId}`);
  const status = tourist.page.locator('.ticket-main .ticket-status');
  await expect.poll(() => status.innerText(), { timeout: 30_000 }).toContain('Оплачен');
  await closeOfflineToast(tourist.page);
  return { ...tourist, account, token, ticketId, status, price: body.excursionPrice };
}

/** The seller's phone on the departure's passenger page, its app able to open offline. */
async function sellerOnManifest(excursion: Excursion, tour: Tour) {
  const seller = await openPhone(browser);
  await signIn(seller.context, dataDir, DEMO.seller);
  const { page } = seller;
  await page.goto(`${baseUrl}/profile/departure/${tour._id}`);
  await page.getByRole('heading', { name: 'Пассажиры', level: 1 }).waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { name: excursion.title }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await closeOfflineToast(page);
  return seller;
}

describe('a seller cancels a sold departure', () => {
  it('refunds the paid ticket and the tourist’s open ticket page shows it live, with the reason', async () => {
    const { excursion, tour } = await emptySellerTour(baseUrl, { daysAhead: 3, places: 1 });
    const tourist = await paidTicketOpen(excursion, tour);
    const { account, token, ticketId, status } = tourist;
    const amount = withPlainSpaces(formatRoubles(tourist.price));
    const seller = await sellerOnManifest(excursion, tour);
    const { page } = seller;

    const cancel = page.getByRole('button', { name: 'Отменить рейс', exact: true });
    await cancel.waitFor({ timeout: 30_000 });
    await cancel.click();

    // A reason is required; a quick pick fills it and the seller adds to it.
    const form = page.getByRole('form', { name: 'Отменить рейс' });
    const reasonField = form.getByLabel('Причина');
    await reasonField.fill('ш');
    await form.getByRole('button', { name: 'Далее' }).click();
    await form.getByRole('alert').getByText('Укажите причину: не меньше 3 символов').waitFor();
    await form.getByRole('button', { name: 'Непогода' }).click();
    expect(await reasonField.inputValue()).toBe('Непогода');
    const reason = 'Непогода: шторм, катер до мыса не выйдет';
    await reasonField.fill(reason);
    await screenshot(page, 'departure-cancel-form');
    await form.getByRole('button', { name: 'Далее' }).click();

    // The confirmation names the departure and how many people it affects.
    const question = `Отменить рейс ${ddmm(tour.date)} в ${tour.time}? 1 пассажир получит письмо и полный возврат оплаты`;
    await page.getByText(question, { exact: true }).waitFor();
    await screenshot(page, 'departure-cancel-confirm');

    // Offline it says so and keeps what was typed; nothing reaches the server.
    await seller.context.setOffline(true);
    await page.getByRole('button', { name: 'Да, отменить' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Нет подключения к интернету/)
      .waitFor({ timeout: 20_000 });
    await page.getByText(question, { exact: true }).waitFor();
    await screenshot(page, 'departure-cancel-offline');
    expect((await call<Ticket>('GET', `/api/tickets/${ticketId}`, token)).status).toBe('confirmed');
    await page.getByRole('button', { name: 'Изменить', exact: true }).click();
    expect(await page.getByRole('form', { name: 'Отменить рейс' }).getByLabel('Причина').inputValue()).toBe(
      reason,
    );
    await seller.context.setOffline(false);
    const mailsBefore = await mailCount(mailDir);
    await page.getByRole('form', { name: 'Отменить рейс' }).getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('button', { name: 'Да, отменить' }).click();
    await page.waitForURL(`${baseUrl}/profile/myexcursion/${excursion._id}`, { timeout: 30_000 });

    // The tourist's page changes by itself: cancelled by the organiser, why, and the refund.
    const notice = tourist.page.getByRole('status').filter({ hasText: 'Рейс отменён организатором' });
    await notice
      .getByText(`Рейс отменён организатором: ${reason}`, { exact: true })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toContain('Отменен');
    const refund = tourist.page.locator('.ticket-money-refund');
    await expect
      .poll(async () => withPlainSpaces(await refund.innerText()), { timeout: 30_000 })
      .toContain(`Возврат ${amount} оформлен`);
    expect(await tourist.page.locator('.ticket-qr').count()).toBe(0);
    await screenshot(tourist.page, 'ticket-tour-cancelled');

    // The list says it too.
    await tourist.page.goto(`${baseUrl}/profile/tickets`);
    await tourist.page.locator('.ticket-card-notice', { hasText: reason }).waitFor({ timeout: 30_000 });
    await screenshot(tourist.page, 'tickets-tour-cancelled');

    const onServer = await call<Ticket>('GET', `/api/tickets/${ticketId}`, token);
    expect(onServer).toMatchObject({
      status: 'cancelled',
      cancelReason: 'tour_cancelled',
      tourNotice: { kind: 'cancelled', reason },
      refund: { amount: tourist.price },
    });
    await expect
      .poll(async () => (await mailsTo(account.user_data.email, mailsBefore)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const [mail] = await mailsTo(account.user_data.email, mailsBefore);
    expect(subjectOf(mail?.raw ?? '')).not.toBe('');
    await tourist.context.close();
    await seller.context.close();
  });
});

describe('a seller moves a sold departure', () => {
  it('moves it with its ticket, and the tourist’s open ticket shows from when to when, and why', async () => {
    const { excursion, tour } = await emptySellerTour(baseUrl, { daysAhead: 3, places: 1 });
    const tourist = await paidTicketOpen(excursion, tour);
    const { page } = await sellerOnManifest(excursion, tour);
    // The next day at a time none of the demo tours uses, so no other departure holds that slot.
    const date = addDays(tour.date, 1);
    const time = '06:55';

    await page.getByRole('button', { name: 'Перенести рейс', exact: true }).click();
    const form = page.getByRole('form', { name: 'Перенести рейс' });
    await form.getByRole('button', { name: 'Недостаточно участников' }).click();
    await form.getByRole('button', { name: 'Далее' }).click();
    await form.getByRole('alert').getByText('Укажите новую дату и время').waitFor();
    // Another departure of the excursion already holds the first slot tried: the server says so.
    const taken = (await catalogue()).tours.find(
      (t) =>
        t.excursionID === excursion._id &&
        t._id !== tour._id &&
        t.date >= addDays(crimeaToday(new Date()), 1),
    ) as Tour;
    await pickDate(page, form.getByRole('button', { name: /^Новая дата/ }), taken.date);
    await form.getByLabel('Новое время').fill(taken.time);
    await form.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('button', { name: 'Да, перенести' }).click();
    await page
      .getByRole('alert')
      .getByText(TOUR_OPERATION_TEXTS.slotTaken(formatDisplayDate(taken.date), taken.time))
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Изменить', exact: true }).click();

    await pickDate(page, form.getByRole('button', { name: /^Новая дата/ }), date);
    await form.getByLabel('Новое время').fill(time);
    await screenshot(page, 'departure-move-form');
    await form.getByRole('button', { name: 'Далее' }).click();

    const to = `${ddmm(date)} в ${time}`;
    await page
      .getByText(
        `Перенести рейс ${ddmm(tour.date)} в ${tour.time} на ${to}? 1 пассажир будет перенесён на ${to} и получит письмо`,
        { exact: true },
      )
      .waitFor();
    await page.getByRole('button', { name: 'Да, перенести' }).click();
    await page
      .getByRole('status')
      .getByText(`Рейс перенесён на ${to}. Билетов перенесено: 1.`)
      .waitFor({ timeout: 30_000 });
    await page.locator('.departure-head').getByText(formatTourDate(date, time)).waitFor({ timeout: 30_000 });
    await screenshot(page, 'departure-moved');

    // The tourist's page follows: the new date and time, the former ones and the reason; still paid.
    const notice = `Рейс перенесён с ${ddmm(tour.date)} в ${tour.time} на ${to}: Недостаточно участников`;
    await tourist.page.getByRole('status').getByText(notice, { exact: true }).waitFor({ timeout: 30_000 });
    await tourist.page
      .locator('.ticket-when')
      .getByText(formatTourDate(date, time))
      .waitFor({ timeout: 30_000 });
    expect(await tourist.status.innerText()).toContain('Оплачен');
    await tourist.page.locator('.ticket-qr').waitFor();
    await screenshot(tourist.page, 'ticket-tour-moved');

    const onServer = await call<Ticket>('GET', `/api/tickets/${tourist.ticketId}`, tourist.token);
    expect(onServer).toMatchObject({
      status: 'confirmed',
      tourID: tour._id,
      tourNotice: {
        kind: 'moved',
        reason: 'Недостаточно участников',
        from: { date: tour.date, time: tour.time },
      },
    });
    expect(await call<Tour>('GET', `/api/tours/${tour._id}`)).toMatchObject({ date, time });
    await tourist.context.close();
    await page.context().close();
  });
});

/** Picks `date` in the app's 'Выбор даты' sheet that `opener` opens. */
async function pickDate(page: Page, opener: Locator, date: string): Promise<void> {
  await opener.click();
  const picker = page.getByRole('dialog', { name: 'Выбор даты' });
  await tapDateInSheet(picker, date);
  await picker.getByRole('button', { name: 'Выбрать дату' }).click();
  await picker.waitFor({ state: 'hidden' });
}

/** The first Monday at least `days` ahead. */
function mondayAfter(days: number): string {
  const from = addDays(crimeaToday(new Date()), days);
  return addDays(from, (7 - mondayFirstWeekday(from)) % 7);
}

const dayCard = (page: Page, date: string): Locator =>
  page.locator('.sched-day', { hasText: formatDisplayDate(date) });
const chip = (page: Page, date: string, time: string): Locator =>
  dayCard(page, date).locator('.sched-chip', { hasText: time });

describe('a season added by rule', () => {
  it('previews the chips, queues them offline in one step and the server gets exactly those', async () => {
    const { excursions } = await catalogue();
    const excursion = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
    const token = await mintToken(dataDir, DEMO.seller);
    // Tuesdays and Thursdays of two weeks, the second Tuesday off, at two times no demo tour uses.
    const monday = mondayAfter(40);
    const to = addDays(monday, 13);
    const off = addDays(monday, 8);
    const times = ['07:05', '18:35'];
    const dates = [addDays(monday, 1), addDays(monday, 3), addDays(monday, 10)];
    const slots = dates.flatMap((date) => times.map((time) => `${date} ${time}`));
    const serverSlots = async () =>
      (await catalogue()).tours
        .filter((tour) => tour.excursionID === excursion._id && times.includes(tour.time))
        .map((tour) => `${tour.date} ${tour.time}`)
        .sort();
    expect(await serverSlots()).toEqual([]);

    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.seller);
    await page.goto(`${baseUrl}/profile/schedule/${excursion._id}`);
    await page.getByRole('heading', { name: 'Расписание', level: 1 }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await closeOfflineToast(page);

    await page.getByRole('button', { name: 'Добавить по правилу' }).click();
    const panel = page.getByRole('region', { name: 'Добавить по правилу' });
    await panel.getByText('Выберите хотя бы один день недели').waitFor();
    await panel.getByRole('button', { name: 'вторник' }).click();
    await panel.getByRole('button', { name: 'четверг' }).click();
    for (const time of times) {
      await panel.getByLabel('Время выезда по правилу').fill(time);
      await panel.getByRole('button', { name: 'Добавить время' }).click();
    }
    await pickDate(page, panel.getByRole('button', { name: /^Первый день периода/ }), monday);
    await pickDate(page, panel.getByRole('button', { name: /^Последний день периода/ }), to);
    await pickDate(page, panel.getByRole('button', { name: 'Исключить дату' }), off);
    await panel.getByText(formatDisplayDate(off)).waitFor();

    // The preview: the chips it will add, day by day, and nothing on the excluded Tuesday.
    await panel.getByRole('heading', { name: 'Будут добавлены' }).waitFor();
    const previewChips = panel.locator('.sched-chip[data-state="preview"]');
    await expect.poll(() => previewChips.count()).toBe(6);
    for (const date of dates) {
      const day = panel.getByRole('list', { name: formatDisplayDate(date) });
      expect(await day.locator('.sched-chip-time').allInnerTexts()).toEqual(times);
    }
    expect(await panel.getByRole('list', { name: formatDisplayDate(off) }).count()).toBe(0);
    await panel.getByRole('heading', { name: 'Будут добавлены' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-rule-preview');

    // Saved with no network: one queued step, the chips show on their days, waiting to be sent.
    await context.setOffline(true);
    await panel.getByRole('button', { name: 'Добавить 6 отправлений' }).click();
    await page.getByRole('status').filter({ hasText: 'Добавлено 6 отправлений' }).waitFor();
    for (const slot of slots) {
      const [date, time] = slot.split(' ') as [string, string];
      await expect
        .poll(() => chip(page, date, time).getAttribute('data-state'), { timeout: 30_000 })
        .toBe('queued');
    }
    await page.getByRole('status').filter({ hasText: 'Ждут отправки на сервер: 6' }).waitFor();
    await chip(page, dates[0] as string, times[0] as string).scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-rule-queued');
    expect(await serverSlots()).toEqual([]);

    // Online again: the server has exactly those, and the chips are stored.
    await context.setOffline(false);
    await expect.poll(serverSlots, { timeout: 60_000 }).toEqual(slots);
    for (const slot of slots) {
      const [date, time] = slot.split(' ') as [string, string];
      await expect
        .poll(() => chip(page, date, time).getAttribute('data-state'), { timeout: 30_000 })
        .toBe('stored');
    }
    await context.close();

    // The season's departures are this test's own; they leave the shared demo schedule as it was.
    const { tours } = await catalogue();
    const made = tours
      .filter((t) => t.excursionID === excursion._id && times.includes(t.time))
      .map((t) => t._id);
    await call('DELETE', '/api/tours', token, { tour_ids: made });
  });
});
