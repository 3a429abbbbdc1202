import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  crimeaToday,
  formatDayMonth,
  formatDisplayDate,
  parseIsoDate,
  toIsoDate,
} from '../../src/domain/dates';
import type { Excursion, Tour } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { bookingBody } from '../support/booking';
import { closeOffline, launchBrowser, openPhone, screenshot } from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { closeOfflineToast } from '../support/e2e-departure';
import { signIn } from '../support/session';
import { product } from '../support/e2e-product';

// Against the real product: the seller's schedule editor works offline. Changes are
// saved on the phone, marked on their chips, survive a closed tab, and reach the server when the
// network returns; a change the server refuses comes back with the server's words.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function catalogue(): Promise<{ excursions: Excursion[]; tours: Tour[] }> {
  const excursions = (
    (await (await fetch(`${baseUrl}/api/excursions`)).json()) as { excursions: Excursion[] }
  ).excursions;
  const tours = ((await (await fetch(`${baseUrl}/api/tours`)).json()) as { tours: Tour[] }).tours;
  return { excursions, tours };
}

/** The excursion's tours on the server as 'yyyy-MM-dd HH:mm', sorted. */
async function serverSlots(excursionId: string): Promise<string[]> {
  const { tours } = await catalogue();
  return tours
    .filter((tour) => tour.excursionID === excursionId)
    .map((tour) => `${tour.date} ${tour.time}`)
    .sort();
}

/**
 * A tour of the seller's at least two days ahead. The latest one is taken: the booking tests book the
 * earliest tours, so nobody else sells a seat on it while this file works with it.
 */
async function sellerTour(
  filter: (tour: Tour, excursion: Excursion) => boolean,
  skip: ReadonlySet<string> = new Set(),
): Promise<{ excursion: Excursion; tour: Tour }> {
  const { excursions, tours } = await catalogue();
  const soon = addDays(crimeaToday(new Date()), 2);
  const candidates = tours
    .filter((tour) => tour.date >= soon && !skip.has(tour._id))
    .flatMap((tour) => {
      const excursion = excursions.find((e) => e._id === tour.excursionID);
      return excursion?.ownerID === DEMO.seller && filter(tour, excursion) ? [{ excursion, tour }] : [];
    })
    .sort((a, b) => (a.tour.date < b.tour.date ? 1 : a.tour.date > b.tour.date ? -1 : 0));
  const found = candidates[0];
  if (!found) throw new Error('the demo catalogue has no fitting tour of DEMO.seller');
  return found;
}

const dayCard = (page: Page, date: string): Locator =>
  page.locator('.sched-day', { hasText: formatDisplayDate(date) });
const chip = (page: Page, date: string, time: string): Locator =>
  dayCard(page, date).locator('.sched-chip', { hasText: time });

async function waitForState(page: Page, date: string, time: string, state: string): Promise<void> {
  await expect.poll(() => chip(page, date, time).getAttribute('data-state'), { timeout: 30_000 }).toBe(state);
}

/** The 15th of next month: past the demo schedule's busiest days and reached with one month step. */
function nextMonthFifteenth(): string {
  const today = parseIsoDate(crimeaToday(new Date()));
  if (!today) throw new Error('no today');
  const month = today.month === 12 ? 1 : today.month + 1;
  return toIsoDate({ year: today.month === 12 ? today.year + 1 : today.year, month, day: 15 });
}

describe('the schedule editor offline', () => {
  it('adds two times and deletes one offline, keeps them over a closed tab, and the server gets exactly those', async () => {
    const { excursion, tour: doomed } = await sellerTour((tour) => tour.tickets.length === 0);
    const before = await serverSlots(excursion._id);
    const newDate = nextMonthFifteenth();
    const added = ['06:10', '06:40'];
    for (const time of [...added, '07:20']) expect(before).not.toContain(`${newDate} ${time}`);
    const url = `${baseUrl}/profile/schedule/${excursion._id}`;

    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.seller);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Расписание', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByText(excursion.title, { exact: true }).waitFor();
    await chip(page, doomed.date, doomed.time).waitFor({ timeout: 30_000 });
    // The app must be able to open again with no network: wait for the worker to control the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await closeOfflineToast(page);

    // With nothing edited, saving says so, then offers saving again by itself, and sends nothing.
    const save = page.locator('button.sched-save');
    await save.click();
    await page.locator('button.sched-save', { hasText: 'Нет изменений' }).waitFor();
    await page.locator('button.sched-save', { hasText: 'Сохранить изменения' }).waitFor({ timeout: 10_000 });

    await context.setOffline(true);
    await page
      .getByRole('status')
      .filter({ hasText: 'Изменения сохранятся на телефоне и отправятся, когда появится сеть' })
      .waitFor();

    // 'Добавить дату' opens the date picker; the chosen day gets its own card, its time field focused.
    await page.getByRole('button', { name: 'Добавить дату' }).click();
    const picker = page.getByRole('dialog', { name: 'Выбор даты' });
    await picker.waitFor();
    const yesterday = addDays(crimeaToday(new Date()), -1);
    if (yesterday.slice(0, 7) === crimeaToday(new Date()).slice(0, 7)) {
      const label = `${formatDayMonth(yesterday)} ${yesterday.slice(0, 4)}`;
      // Exact: '5 декабря 2026' is also part of '15 декабря 2026' and '25 декабря 2026'.
      expect(await picker.getByRole('button', { name: label, exact: true }).isDisabled()).toBe(true);
    }
    await picker.getByRole('button', { name: 'Следующий месяц' }).click();
    await picker
      .getByRole('button', { name: `${formatDayMonth(newDate)} ${newDate.slice(0, 4)}`, exact: true })
      .click();
    await picker.getByRole('button', { name: 'Выбрать дату' }).click();
    const dayName = formatDayMonth(newDate);
    const timeField = page.getByLabel(`Время выезда, ${dayName}`);
    await expect.poll(() => timeField.evaluate((input) => input === document.activeElement)).toBe(true);

    // A time must be entered before adding.
    const addButton = page.getByRole('button', { name: `Добавить время, ${dayName}` });
    expect(await addButton.isDisabled()).toBe(true);
    for (const time of [...added, '07:20']) {
      await timeField.fill(time);
      await addButton.click();
      await waitForState(page, newDate, time, 'unsaved');
    }
    // One of the new times is taken back before saving, and one stored tour is deleted.
    await page.getByRole('button', { name: `Удалить 07:20, ${dayName}` }).click();
    await expect.poll(() => chip(page, newDate, '07:20').count()).toBe(0);
    await page
      .getByRole('button', { name: `Удалить ${doomed.time}, ${formatDayMonth(doomed.date)}` })
      .click();
    await expect.poll(() => chip(page, doomed.date, doomed.time).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Несохранённых правок: 3' }).waitFor();

    await save.click();
    await page.locator('button.sched-save', { hasText: 'Сохранено!' }).waitFor();
    for (const time of added) {
      await waitForState(page, newDate, time, 'queued');
      await chip(page, newDate, time).getByText('ждёт отправки').waitFor();
    }
    await waitForState(page, doomed.date, doomed.time, 'deleting');
    await page.getByRole('status').filter({ hasText: 'Ждут отправки на сервер: 3' }).waitFor();
    await chip(page, newDate, added[0] as string).scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-offline-pending');
    await chip(page, doomed.date, doomed.time).scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-offline-deleting');
    expect(await serverSlots(excursion._id)).toEqual(before);

    // The tab is closed and the app opened again, still with no network: from the worker and the phone.
    await closeOffline(page);
    const reopened = await context.newPage();
    await reopened.goto(url);
    await reopened.getByRole('heading', { name: 'Расписание', level: 1 }).waitFor({ timeout: 30_000 });
    for (const time of added) await waitForState(reopened, newDate, time, 'queued');
    await waitForState(reopened, doomed.date, doomed.time, 'deleting');
    expect(await serverSlots(excursion._id)).toEqual(before);

    // Online again: the server has exactly these changes, and the marks go away.
    await context.setOffline(false);
    const expected = [...before.filter((slot) => slot !== `${doomed.date} ${doomed.time}`)]
      .concat(added.map((time) => `${newDate} ${time}`))
      .sort();
    await expect.poll(() => serverSlots(excursion._id), { timeout: 60_000 }).toEqual(expected);
    for (const time of added) await waitForState(reopened, newDate, time, 'stored');
    await expect.poll(() => chip(reopened, doomed.date, doomed.time).count(), { timeout: 30_000 }).toBe(0);
    expect(await reopened.getByText('ждёт отправки').count()).toBe(0);
    await dayCard(reopened, newDate).scrollIntoViewIfNeeded();
    await screenshot(reopened, 'schedule-synced');
    await context.close();
  });

  it('brings back a tour with a sold ticket when the server refuses its deletion, with the reason', async () => {
    const { excursion, tour } = await sellerTour((candidate, owner) => {
      const free = candidate.emptySeats.filter((seat) => !owner.reservedSeats.includes(seat));
      return owner.busType === 'none'
        ? owner.maxAttendants - candidate.attendantsRegistred > 0
        : free.length > 0 && owner.maxAttendants - candidate.attendantsRegistred > 0;
    });
    // A tourist buys a place, priced as the server prices it.
    const seats =
      excursion.busType === 'none'
        ? []
        : tour.emptySeats.filter((seat) => !excursion.reservedSeats.includes(seat)).slice(0, 1);
    const { access_token: tourist, user_data: buyer } = await newTourist(baseUrl, product('mailDir'));
    const booked = await fetch(`${baseUrl}/api/tickets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tourist}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(bookingBody(buyer.id, excursion, tour, { adults: 1, seats })),
    });
    expect(booked.status, await booked.clone().text()).toBe(200);

    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.seller);
    await page.goto(`${baseUrl}/profile/schedule/${excursion._id}`);
    const sold = chip(page, tour.date, tour.time);
    await sold.getByText(/продано \d+/).waitFor({ timeout: 30_000 });
    await closeOfflineToast(page);

    await page.getByRole('button', { name: `Удалить ${tour.time}, ${formatDayMonth(tour.date)}` }).click();
    await page.locator('button.sched-save').click();
    const refusal = page.locator('.sched-refused');
    await refusal.getByText('уже проданы билеты').waitFor({ timeout: 30_000 });
    // SPEC §8: the save button says the save failed.
    await page.locator('button.sched-save', { hasText: 'Ошибка сохранения' }).waitFor({ timeout: 1_500 });
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await refusal.innerText()).toContain('Нельзя удалить тур');
    // The engine rolled the deletion back: the chip is there again, as stored.
    await waitForState(page, tour.date, tour.time, 'stored');
    expect(await serverSlots(excursion._id)).toContain(`${tour.date} ${tour.time}`);
    // The chip whose deletion was refused is outlined until the refusal is dismissed.
    expect(await sold.getAttribute('data-refused')).toBe('true');
    await sold.scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-refused');

    // Dismissed, the message is gone (also from the shell's banner: it is marked seen).
    await refusal.getByRole('button', { name: 'Понятно' }).click();
    await expect.poll(() => page.getByText('уже проданы билеты').count()).toBe(0);
    expect(await sold.getAttribute('data-refused')).toBeNull();
    await context.close();
  });
});
