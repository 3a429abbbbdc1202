import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleDays } from '../../src/domain/availability';
import { addDays, crimeaToday, dayTitle } from '../../src/domain/dates';
import type { Tour } from '../../src/domain/types';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

const baseUrl = product('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the schedule', () => {
  it('shows two days from today, then one more per press of «Показать еще» until none are left', async () => {
    const response = await fetch(`${baseUrl}/api/tours`);
    const { tours } = (await response.json()) as { tours: Tour[] };
    const today = crimeaToday(new Date());
    const days = scheduleDays(tours, today);
    expect(days.length).toBeGreaterThan(2);
    // The demo runs tours every day from today, so the first two titles are the words.
    expect(days.slice(0, 2)).toEqual([today, addDays(today, 1)]);

    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/schedule`);
    const headings = page.locator('.schedule-day h2');
    await expect.poll(() => headings.count(), { timeout: 15_000 }).toBe(2);
    expect(await headings.allInnerTexts()).toEqual(['Сегодня', 'Завтра']);

    // Each day lists its tours, each a link to its excursion.
    const firstDay = page.locator('.schedule-day').first();
    const rows = firstDay.locator('.tour-row');
    const onToday = tours.filter((tour) => tour.date === today).length;
    await expect.poll(() => rows.count()).toBe(onToday);
    expect(await rows.first().getAttribute('href')).toMatch(/^\/excursion\/[0-9a-f]{24}$/);
    const times = await firstDay.locator('.tour-row-time').allInnerTexts();
    expect(times).toEqual([...times].sort());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'schedule');

    const more = page.getByRole('button', { name: 'Показать еще' });
    for (let shown = 2; shown < days.length; shown++) {
      expect(await more.isDisabled()).toBe(false);
      await more.click();
      await expect.poll(() => headings.count()).toBe(shown + 1);
    }
    expect(await more.isDisabled()).toBe(true);
    expect(await headings.allInnerTexts()).toEqual(days.map((day) => dayTitle(day, today)));
    expect(await headings.nth(2).innerText()).toMatch(/^\d{1,2} [а-я]+$/);
    await context.close();
  });
});
