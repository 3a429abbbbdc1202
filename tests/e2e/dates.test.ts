import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excursionsAvailableOn, freePlaces } from '../../src/domain/availability';
import { addDays, crimeaToday, excursionsForDateTitle } from '../../src/domain/dates';
import type { Excursion, Tour } from '../../src/domain/types';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

const baseUrl = product('baseUrl');
let browser: Browser;

async function api<T>(path: string, field: string): Promise<T[]> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Record<string, T[]>)[field] ?? [];
}

interface NearlyFull {
  date: string;
  excursion: Excursion;
  /** The most places any of its tours that day still has. */
  room: number;
}

/**
 * A day in the coming week with an excursion whose tours that day are nearly full (1–4 places), while
 * other excursions still have room for one more person than that: a party of room+1 must drop it only.
 */
function findNearlyFull(excursions: Excursion[], tours: Tour[], today: string): NearlyFull {
  for (let offset = 1; offset <= 10; offset++) {
    const date = addDays(today, offset);
    for (const excursion of excursions) {
      const onDay = tours.filter((t) => t.excursionID === excursion._id && t.date === date);
      if (onDay.length === 0) continue;
      const room = Math.max(...onDay.map((tour) => freePlaces(excursion, tour)));
      if (room < 1 || room > 4) continue;
      if (excursionsAvailableOn(excursions, tours, date, room + 1).length > 0)
        return { date, excursion, room };
    }
  }
  throw new Error('The demo data has no nearly full tour in the coming days');
}

const titlesOf = (page: Page) => page.locator('.dates-list .excursion-card h3');

/** Waits until the list shows exactly `expected` (in any order) and returns what it shows. */
async function expectTitles(page: Page, expected: string[]): Promise<void> {
  const sorted = [...expected].sort();
  await expect
    .poll(async () => (await titlesOf(page).allTextContents()).sort(), { timeout: 15_000 })
    .toEqual(sorted);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('excursions by date', () => {
  it('lists the excursions with room for the party and drops a nearly full one for a big party', async () => {
    const excursions = await api<Excursion>('/api/excursions', 'excursions');
    const tours = await api<Tour>('/api/tours', 'tours');
    const today = crimeaToday(new Date());
    const { date, excursion, room } = findNearlyFull(excursions, tours, today);
    const expected = (size: number) =>
      excursionsAvailableOn(excursions, tours, date, size).map((e) => e.title);

    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions/date?date=${date}&qty=${room + 1}`);
    await page.getByRole('heading', { level: 1, name: excursionsForDateTitle(date) }).waitFor();
    expect(excursionsForDateTitle(date)).toMatch(/^Экскурсии за \d\d\.\d\d\.\d\d$/);
    await expectTitles(page, expected(room + 1));
    expect(await titlesOf(page).allTextContents()).not.toContain(excursion.title);
    expect(await page.getByRole('spinbutton', { name: 'Количество человек' }).inputValue()).toBe(
      String(room + 1),
    );

    // One person fewer and the nearly full excursion fits again; the URL follows.
    await page.getByRole('button', { name: 'Меньше человек' }).click();
    await page.waitForURL(`${baseUrl}/excursions/date?date=${date}&qty=${room}`);
    await expectTitles(page, expected(room));
    expect(await titlesOf(page).allTextContents()).toContain(excursion.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'dates-list');

    // A reload (or a shared link) lands on the same list.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: excursionsForDateTitle(date) }).waitFor();
    await expectTitles(page, expected(room));
    await context.close();
  });

  it('says there is nothing for a party no bus can take', async () => {
    const today = crimeaToday(new Date());
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions/date?date=${today}&qty=500`);
    await page.getByText('No available excursions').waitFor();
    expect(await titlesOf(page).count()).toBe(0);
    await context.close();
  });

  it('changes the date in the picker and keeps the party size', async () => {
    const excursions = await api<Excursion>('/api/excursions', 'excursions');
    const tours = await api<Tour>('/api/tours', 'tours');
    const today = crimeaToday(new Date());
    const target = addDays(today, 1);
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions/date?date=${today}&qty=2`);
    await page.getByRole('heading', { level: 1, name: excursionsForDateTitle(today) }).waitFor();

    await page.getByRole('button', { name: 'Изменить дату' }).click();
    const sheet = page.getByRole('dialog', { name: 'Выбор даты' });
    await sheet.waitFor();
    if (target.slice(0, 7) !== today.slice(0, 7)) {
      await sheet.getByRole('button', { name: 'Следующий месяц' }).click();
    }
    await sheet.locator(`[data-date="${target}"]`).click();
    await sheet.getByRole('button', { name: 'Выбрать дату' }).click();
    await page.waitForURL(`${baseUrl}/excursions/date?date=${target}&qty=2`);
    await page.getByRole('heading', { level: 1, name: excursionsForDateTitle(target) }).waitFor();
    await expectTitles(
      page,
      excursionsAvailableOn(excursions, tours, target, 2).map((e) => e.title),
    );
    await context.close();
  });

  it('treats a past or malformed date in the link as today', async () => {
    const today = crimeaToday(new Date());
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/excursions/date?date=${addDays(today, -3)}&qty=abc`);
    await page.getByRole('heading', { level: 1, name: excursionsForDateTitle(today) }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Количество человек' }).inputValue()).toBe('1');
    await context.close();
  });
});
