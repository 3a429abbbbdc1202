import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excursionsAvailableOn } from '../../src/domain/availability';
import { canGoToPreviousMonth, monthTitle, yearMonthOf } from '../../src/domain/date-picker';
import { addDays, crimeaToday, excursionsForDateTitle, formatDisplayDate } from '../../src/domain/dates';
import { showExcursionsLabel } from '../../src/domain/plural';
import { search } from '../../src/domain/search';
import type { City, Excursion, Place, Tour } from '../../src/domain/types';
import { appDrawn, launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

const baseUrl = product('baseUrl');
let browser: Browser;

async function api<T>(path: string, field: string): Promise<T[]> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Record<string, T[]>)[field] ?? [];
}

/** The same word the product must pick, written out independently of the domain's plural rule. */
function excursionWord(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 14) return 'экскурсий';
  if (n % 10 === 1) return 'экскурсию';
  if (n % 10 >= 2 && n % 10 <= 4) return 'экскурсии';
  return 'экскурсий';
}

const submitButton = (page: Page) => page.getByRole('button', { name: /^Показать \d+ / });

/** Opens home and waits for the first sync: the popular row and the date form's count are in. */
async function openHome(page: Page): Promise<void> {
  await page.goto(baseUrl);
  await appDrawn(page);
  await page.getByRole('list', { name: 'Популярные экскурсии' }).locator('.excursion-card').first().waitFor();
  await submitButton(page).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the home screen', () => {
  it('shows the hero, the most popular excursions, places, destinations and the date form', async () => {
    const excursions = await api<Excursion>('/api/excursions', 'excursions');
    const places = await api<Place>('/api/places', 'places');
    const cities = await api<City>('/api/cities', 'cities');
    const { context, page } = await openPhone(browser);
    await openHome(page);

    await page.getByRole('heading', { level: 1, name: 'Онлайн-сервис экскурсий по Крыму' }).waitFor();
    expect(await page.getByRole('link', { name: 'Смотреть экскурсии' }).getAttribute('href')).toBe(
      '/excursions',
    );
    const popular = [...excursions].sort((a, b) => b.popularity - a.popularity).map((e) => e.title);
    const row = page.getByRole('list', { name: 'Популярные экскурсии' });
    const shown = await row.locator('.excursion-card h3').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(popular.slice(0, shown.length));

    const placeLinks = page.getByRole('list', { name: 'Исторические места' }).getByRole('link');
    expect(await placeLinks.count()).toBe(places.length);
    expect(await placeLinks.first().getAttribute('href')).toMatch(/^\/place\/\d+$/);
    const cityList = page.getByRole('list', { name: 'Популярные направления' });
    const cityLinks = cityList.getByRole('link');
    // Text, not drawn text: a card far from the screen is not drawn yet (see the next test).
    expect(await cityLinks.allTextContents()).toEqual(cities.map((c) => c.name));
    expect(await cityLinks.first().getAttribute('href')).toBe(`/city/${cities[0]?.id}`);
    // City cards are 45vw wide on a phone (390 × 0.45 = 175.5 px).
    const card = await cityList.locator('li').first().boundingBox();
    expect(card && Math.round(card.width)).toBe(176);
    // Places fill two rows: the first half in the first row.
    const placeBoxes = await page.getByRole('list', { name: 'Исторические места' }).locator('li').all();
    const half = Math.ceil(places.length / 2);
    const firstRow = await placeBoxes[0]?.boundingBox();
    const secondRow = await placeBoxes[half]?.boundingBox();
    expect(secondRow && firstRow && secondRow.y > firstRow.y && Math.round(secondRow.x - firstRow.x)).toBe(0);

    // Nothing is wider than the phone: sideways rows scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'home-top');
    await screenshot(page, 'home-full', true);
    await context.close();
  });

  it('asks on a first visit only for the pictures near the screen, and draws each card as it comes near', async () => {
    const cities = await api<City>('/api/cities', 'cities');
    const last = cities.at(-1) as City;
    const { context, page } = await openPhone(browser);
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') asked.add(new URL(request.url()).pathname);
    });
    await openHome(page);
    const picture = (city: City) => `/api/app_media/${encodeURIComponent(city.image)}`;
    // The popular excursions are on the first screen of a phone, so their pictures were asked for.
    expect([...asked].some((path) => path.startsWith('/api/images/'))).toBe(true);
    // The destinations are a screen below: none of their pictures was.
    expect(cities.filter((city) => asked.has(picture(city))).map((city) => city.name)).toEqual([]);

    const row = page.getByRole('list', { name: 'Популярные направления' });
    await row.scrollIntoViewIfNeeded();
    const first = row.locator('img').first();
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await row.locator('li').first().innerText()).toBe(cities[0]?.name);
    // The row's last card is off to the side: neither drawn nor its picture asked for until scrolled to.
    expect(await row.locator('li').last().innerText()).toBe('');
    expect(asked.has(picture(last))).toBe(false);
    // Undrawn cards hold the height of drawn ones, so nothing moves when they are drawn.
    for (const name of ['Популярные направления', 'Исторические места']) {
      const cards = page.getByRole('list', { name }).locator('li');
      const [drawn, undrawn] = [await cards.first().boundingBox(), await cards.last().boundingBox()];
      expect(undrawn && Math.round(undrawn.height), name).toBe(drawn && Math.round(drawn.height));
    }
    await row.evaluate((list) => list.scrollBy({ left: list.scrollWidth }));
    await expect.poll(() => asked.has(picture(last))).toBe(true);
    await expect.poll(() => row.locator('li').last().innerText()).toBe(last.name);
    const box = await row.locator('li').last().boundingBox();
    // It kept the height it had before it was drawn: a 4:5 picture 45vw wide.
    expect(box && Math.round(box.height)).toBe(Math.round(390 * 0.45 * 1.25));
    await screenshot(page, 'home-cities-scrolled');
    await context.close();
  });

  it('sets up carousels that ask for their other pictures only when touched and turn by dots', async () => {
    const excursions = await api<Excursion>('/api/excursions', 'excursions');
    const { context, page } = await openPhone(browser);
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') asked.add(new URL(request.url()).pathname);
    });
    await openHome(page);
    const carousels = page.getByRole('list', { name: 'Популярные экскурсии' }).getByRole('region');
    await expect.poll(() => carousels.count()).toBeGreaterThanOrEqual(2);

    const picture = (id: string) => `/api/images/${encodeURIComponent(id)}`;
    // Set up, yet no carousel has asked for a picture beyond its first.
    const others = excursions.flatMap((excursion) => excursion.images.slice(1));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((id) => asked.has(picture(id)))).toEqual([]);

    const carousel = carousels.first();
    const title = (await carousel.getAttribute('aria-label')) as string;
    const images = excursions.find((excursion) => excursion.title === title)?.images ?? [];
    expect(images.length).toBeGreaterThan(1);
    const slides = carousel.locator('.keen-slider__slide');
    expect(await slides.nth(1).locator('img').count()).toBe(0);
    const dots = carousel.locator('.carousel-dots button');
    expect(await dots.count()).toBe(images.length);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');
    await dots.nth(1).click();
    await expect.poll(() => dots.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await dots.first().getAttribute('aria-current')).toBe('false');
    // Touched: the pictures beside the first (the row loops) were asked for, and the second shows.
    expect(asked.has(picture(images[1] as string))).toBe(true);
    expect(asked.has(picture(images.at(-1) as string))).toBe(true);
    await expect
      .poll(() =>
        slides
          .nth(1)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    // The second picture is the one in the frame now.
    const frame = await carousel.boundingBox();
    await expect
      .poll(async () => {
        const slide = await slides.nth(1).boundingBox();
        return slide && frame && Math.round(slide.x - frame.x);
      })
      .toBe(0);
    await screenshot(page, 'home-carousel-turned');
    await context.close();
  });

  it('opens the search at 3 characters and groups the matches as excursions, places and cities', async () => {
    const sources = {
      excursions: await api<Excursion>('/api/excursions', 'excursions'),
      places: await api<Place>('/api/places', 'places'),
      cities: await api<City>('/api/cities', 'cities'),
    };
    const { context, page } = await openPhone(browser);
    await openHome(page);
    const input = page.getByRole('searchbox', { name: 'Поиск по экскурсиям, местам и городам' });
    const panel = page.getByRole('region', { name: 'Результаты поиска' });

    await input.fill('дв');
    expect(await panel.count()).toBe(0);

    await input.fill('ДВОР');
    await panel.waitFor();
    const expected = search(sources, 'двор');
    const excursionNames = panel.getByRole('list', { name: /^Экскурсии/ }).locator('.search-item-name');
    await expect
      .poll(() => excursionNames.allInnerTexts())
      .toContain('Воронцовский дворец и Алупкинский парк');
    expect((await excursionNames.allInnerTexts()).sort()).toEqual(
      expected.excursions.map((e) => e.title).sort(),
    );
    const placeNames = panel.getByRole('list', { name: /^Исторические места/ }).locator('.search-item-name');
    expect((await placeNames.allInnerTexts()).sort()).toEqual(expected.places.map((p) => p.name).sort());
    expect(await placeNames.allInnerTexts()).toContain('Воронцовский дворец');
    expect(await panel.getByRole('list', { name: /^Города/ }).count()).toBe(expected.cities.length ? 1 : 0);
    expect(await panel.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');
    expect((await panel.boundingBox())?.height).toBeLessThanOrEqual(400);
    await screenshot(page, 'home-search-open');

    // A city matches by name, case-insensitively, and links to its page.
    await input.fill('ялт');
    const cityLink = panel.getByRole('list', { name: /^Города/ }).getByRole('link');
    await cityLink.first().waitFor();
    const yalta = sources.cities.find((c) => c.name === 'Ялта');
    expect(await cityLink.first().getAttribute('href')).toBe(`/city/${yalta?.id}`);

    await input.fill('zzqxw');
    await panel.getByText('По вашему запросу ничего не найдено').waitFor();

    // Escape closes the dropdown; a result opens its excursion.
    await input.fill('воронцов');
    await panel.waitFor();
    await input.press('Escape');
    expect(await panel.count()).toBe(0);
    await input.fill('воронцовс');
    const first = panel
      .getByRole('list', { name: /^Экскурсии/ })
      .getByRole('link')
      .first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/excursion\/[0-9a-f]{24}$/);
    await first.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await context.close();
  });

  it('counts the excursions for today and the party size with the right plural', async () => {
    const excursions = await api<Excursion>('/api/excursions', 'excursions');
    const tours = await api<Tour>('/api/tours', 'tours');
    const today = crimeaToday(new Date());
    const count = (size: number, date = today) => excursionsAvailableOn(excursions, tours, date, size).length;
    // A party big enough to leave out some of today's excursions, so the label must change.
    const big = [3, 5, 8, 12, 20, 30, 45].find((size) => count(size) !== count(1)) ?? 60;

    const { context, page } = await openPhone(browser);
    await openHome(page);
    const button = submitButton(page);
    const size = page.getByRole('spinbutton', { name: 'Количество человек' });
    const minus = page.getByRole('button', { name: 'Меньше человек' });
    const plus = page.getByRole('button', { name: 'Больше человек' });
    expect(await page.getByRole('button', { name: /^Дата/ }).innerText()).toContain(formatDisplayDate(today));
    expect(await size.inputValue()).toBe('1');
    const label = (n: number) => `Показать ${n} ${excursionWord(n)}`;
    await expect.poll(() => button.innerText()).toBe(label(count(1)));
    expect(label(count(1))).toBe(showExcursionsLabel(count(1)));

    // Minus never goes below 1.
    expect(await minus.isDisabled()).toBe(true);
    await plus.click();
    expect(await size.inputValue()).toBe('2');
    await expect.poll(() => button.innerText()).toBe(label(count(2)));
    await minus.click();
    await minus.click({ force: true });
    expect(await size.inputValue()).toBe('1');

    await size.fill(String(big));
    await expect.poll(() => button.innerText()).toBe(label(count(big)));
    expect(count(big)).not.toBe(count(1));
    await size.fill('0');
    await size.blur();
    expect(await size.inputValue()).toBe('1');
    await expect.poll(() => button.innerText()).toBe(label(count(1)));

    // The button opens the date screen with the date and size in the URL too.
    await size.fill(String(big));
    await expect.poll(() => button.innerText()).toBe(label(count(big)));
    await button.click();
    await page.waitForURL(`${baseUrl}/excursions/date?date=${today}&qty=${big}`);
    await page.getByRole('heading', { level: 1, name: excursionsForDateTitle(today) }).waitFor();
    const expected = excursionsAvailableOn(excursions, tours, today, big).map((e) => e.title);
    const titles = page.locator('.dates-list .excursion-card h3');
    if (expected.length > 0) await titles.first().waitFor();
    else await page.getByText('No available excursions').waitFor();
    // Polled: a long list draws its cards a few at a time.
    await expect.poll(async () => (await titles.allTextContents()).sort()).toEqual(expected.sort());
    await context.close();
  });

  it('picks a date in the bottom sheet but never a past day', async () => {
    const excursions = await api<Excursion>('/api/excursions', 'excursions');
    const tours = await api<Tour>('/api/tours', 'tours');
    const today = crimeaToday(new Date());
    const { context, page } = await openPhone(browser);
    await openHome(page);
    const dateButton = page.getByRole('button', { name: /^Дата/ });
    await dateButton.click();
    const sheet = page.getByRole('dialog', { name: 'Выбор даты' });
    await sheet.waitFor();

    expect(await sheet.locator('.picker-weekday').allInnerTexts()).toEqual([
      'Пн',
      'Вт',
      'Ср',
      'Чт',
      'Пт',
      'Сб',
      'Вс',
    ]);
    expect(await sheet.locator('.picker-month-title').innerText()).toBe(monthTitle(yearMonthOf(today)));
    const previous = sheet.getByRole('button', { name: 'Предыдущий месяц' });
    expect(await previous.isDisabled()).toBe(!canGoToPreviousMonth(yearMonthOf(today), today));
    expect(await sheet.locator(`[data-date="${today}"]`).getAttribute('aria-pressed')).toBe('true');
    // Focus starts on the selected day, inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(today);
    // Let the sheet finish sliding up before the picture.
    await sheet.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await screenshot(page, 'home-date-picker');

    const yesterday = addDays(today, -1);
    if (yearMonthOf(yesterday).month === yearMonthOf(today).month) {
      const past = sheet.locator(`[data-date="${yesterday}"]`);
      expect(await past.isDisabled()).toBe(true);
      await past.click({ force: true });
      expect(await past.getAttribute('aria-pressed')).toBe('false');
    }
    await sheet.getByRole('button', { name: 'Выбрать дату' }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await dateButton.innerText()).toContain(formatDisplayDate(today));

    // Three days ahead, across a month boundary if there is one.
    const target = addDays(today, 3);
    await dateButton.click();
    await sheet.waitFor();
    if (yearMonthOf(target).month !== yearMonthOf(today).month) {
      await sheet.getByRole('button', { name: 'Следующий месяц' }).click();
    }
    await sheet.locator(`[data-date="${target}"]`).click();
    await sheet.getByRole('button', { name: 'Выбрать дату' }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await dateButton.innerText()).toContain(formatDisplayDate(target));
    const count = excursionsAvailableOn(excursions, tours, target, 1).length;
    await expect.poll(() => submitButton(page).innerText()).toBe(showExcursionsLabel(count));

    // Escape closes the sheet without changing the date and gives focus back to the field.
    await dateButton.click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await dateButton.innerText()).toContain(formatDisplayDate(target));
    expect(await dateButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
