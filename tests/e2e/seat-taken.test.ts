import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesLeft } from '../../src/domain/booking';
import { crimeaNowKey, tourDateTimeKey } from '../../src/domain/dates';
import { withPlainSpaces } from '../../src/domain/pricing';
import type { Excursion, Tour } from '../../src/domain/types';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { product } from '../support/e2e-product';

// Two tourists on two phones choose seats on the same coach tour. The second one books the seat the
// first has chosen; the first phone, still choosing, is told which seat went and asked for another.

const baseUrl = product('baseUrl');
const mailDir = product('mailDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const plain = (text: string | null) => withPlainSpaces(text ?? '').trim();

/** A coach tour at least a day ahead with two free seats the seller has not reserved. */
async function pickTour(): Promise<{ excursion: Excursion; tour: Tour; free: number[] }> {
  const excursions = (
    (await (await fetch(`${baseUrl}/api/excursions`)).json()) as { excursions: Excursion[] }
  ).excursions;
  const tours = ((await (await fetch(`${baseUrl}/api/tours`)).json()) as { tours: Tour[] }).tours;
  const soon = crimeaNowKey(new Date(Date.now() + 24 * 3_600_000));
  for (const excursion of excursions) {
    if (excursion.busType !== 'coach' || excursion.assemblyPoints.length === 0) continue;
    for (const tour of tours) {
      if (tour.excursionID !== excursion._id || tourDateTimeKey(tour.date, tour.time) <= soon) continue;
      const free = tour.emptySeats
        .filter((seat) => !excursion.reservedSeats.includes(seat))
        .sort((a, b) => a - b);
      if (free.length >= 2 && placesLeft(excursion, tour) >= 2) return { excursion, tour, free };
    }
  }
  throw new Error('the demo catalogue has no coach tour ahead with two free seats');
}

/** A new tourist signed in on a new phone, on the seat step of the tour's booking. */
async function onSeatStep(
  excursion: Excursion,
  tour: Tour,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPhone(browser);
  const { access_token: token } = await newTourist(baseUrl, mailDir);
  await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
  await page.goto(`${baseUrl}/booking/${excursion._id}`);
  await page.getByRole('heading', { name: 'Рассчет стоимости' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Дата и время').selectOption(tour._id);
  await page.getByRole('button', { name: 'К выбору мест' }).click();
  await page.getByRole('heading', { name: 'Выбор мест' }).waitFor();
  return { context, page };
}

const seat = (page: Page, n: number) => page.getByRole('button', { name: `Место ${n}`, exact: true });
const payButton = (page: Page) =>
  page.getByTestId('booking-actions').getByRole('button', { name: 'Оплатить' });

describe('a seat taken by another buyer while choosing', () => {
  it('is named in a message that asks for another seat, which goes once another is chosen', async () => {
    const { excursion, tour, free } = await pickTour();
    const [wanted, other] = free as [number, number];

    const first = await onSeatStep(excursion, tour);
    await seat(first.page, wanted).click();
    expect(await seat(first.page, wanted).getAttribute('aria-pressed')).toBe('true');
    expect(await payButton(first.page).isEnabled()).toBe(true);

    // The second tourist, on a phone of their own, books that very seat first.
    const second = await onSeatStep(excursion, tour);
    await seat(second.page, wanted).click();
    await payButton(second.page).click();
    await second.page.waitForURL(`${baseUrl}/payment`, { timeout: 30_000 });
    await second.context.close();

    // The first phone hears of it live: the seat is taken, dropped from the choice, and said so.
    const message = first.page.getByTestId('seats-taken');
    await message.waitFor({ timeout: 30_000 });
    expect(await message.getAttribute('role')).toBe('alert');
    const said = plain(await message.innerText());
    expect(said).toContain(`Место ${wanted} заняли, пока вы выбирали`);
    expect(said).toContain('Выберите другое место на схеме.');
    expect(await seat(first.page, wanted).getAttribute('aria-disabled')).toBe('true');
    expect(await seat(first.page, wanted).getAttribute('aria-pressed')).toBe('false');
    expect(plain(await first.page.getByTestId('seat-counter').innerText())).toBe('Выбрано мест: 0 из 1');
    expect(await payButton(first.page).isDisabled()).toBe(true);
    // The message sits in the dock above the pay button, on screen whatever part of the map is shown.
    const box = (await message.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual((await payButton(first.page).boundingBox())!.y);
    await screenshot(first.page, 'seat-taken-message');

    // Choosing another seat answers it.
    await seat(first.page, other).click();
    expect(await seat(first.page, other).getAttribute('aria-pressed')).toBe('true');
    expect(await message.count()).toBe(0);
    expect(await payButton(first.page).isEnabled()).toBe(true);
    await first.context.close();
  });
});
