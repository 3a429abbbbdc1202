import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crimeaNowKey, tourDateTimeKey } from '../../src/domain/dates';
import type { Excursion, Tour } from '../../src/domain/types';
import { appDrawn, launchBrowser, openPhone, PHONE, screenshot } from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { product } from '../support/e2e-product';

// The floating pieces of the shell on a 390×844 phone: the service worker's toast (SPEC §1) and the
// connection widget's dot cover nothing a person reads or taps, and the widget speaks Russian.

const baseUrl = product('baseUrl');
const mailDir = product('mailDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What a person reads or taps on the screen (links, buttons, fields, prices, the seat map's seats),
 * described, whose box overlaps `box`; the element `except` matches and its insides are left out.
 */
function overlapped(page: Page, box: Box, except: string): Promise<string[]> {
  return page.evaluate(
    ({ box, except }) => {
      const selector =
        'a, button, input, select, textarea, [role="button"], [class*="price"], [data-testid="booking-total"], h1, h2';
      return [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((element) => !element.closest(except))
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0) return false;
          const style = getComputedStyle(element);
          if (style.visibility === 'hidden' || element.closest('[hidden]')) return false;
          return (
            rect.left < box.x + box.width &&
            rect.right > box.x &&
            rect.top < box.y + box.height &&
            rect.bottom > box.y
          );
        })
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
        );
    },
    { box, except },
  );
}

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
}

const toastOf = (page: Page) => page.getByRole('alert', { name: 'Обновление приложения' });

/** An excursion with a coach tour at least a day ahead with free seats, from the server's own API. */
async function coachExcursion(): Promise<Excursion> {
  const excursions = (
    (await (await fetch(`${baseUrl}/api/excursions`)).json()) as { excursions: Excursion[] }
  ).excursions;
  const tours = ((await (await fetch(`${baseUrl}/api/tours`)).json()) as { tours: Tour[] }).tours;
  const soon = crimeaNowKey(new Date(Date.now() + 24 * 3_600_000));
  const found = excursions.find(
    (excursion) =>
      excursion.busType === 'coach' &&
      excursion.assemblyPoints.length > 0 &&
      tours.some(
        (tour) =>
          tour.excursionID === excursion._id &&
          tourDateTimeKey(tour.date, tour.time) > soon &&
          tour.emptySeats.length > 0,
      ),
  );
  if (!found) throw new Error('the demo catalogue has no coach excursion with a tour ahead');
  return found;
}

describe('the service-worker toast on a phone', () => {
  it('sits under the top bar with the page moved below it, under the open menu, and goes by itself', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(baseUrl);
    await appDrawn(page);
    const topbar = await boxOf(page, '.topbar');
    const underTopbar = topbar.y + topbar.height;

    // First visit: the worker installs and the toast says the app works offline (SPEC §1's words).
    const toast = toastOf(page);
    await toast.getByText('App ready to work offline', { exact: true }).waitFor({ timeout: 30_000 });
    const box = await boxOf(page, '.pwa-toast');
    expect(box.y).toBeCloseTo(underTopbar, 0);
    expect(box.width).toBeCloseTo(PHONE.width, 0);
    // One slim line: a first visit's page moves down by little.
    expect(box.height).toBeLessThanOrEqual(40);
    // The page moved down by the toast's height: nothing of it is under the toast.
    expect((await boxOf(page, 'main.page')).y).toBeCloseTo(underTopbar + box.height, 0);
    expect(await overlapped(page, box, '.pwa-toast')).toEqual([]);
    await screenshot(page, 'toast-home');

    // The side menu opens over the toast: its links are what a tap there reaches.
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.locator('#side-menu');
    const first = menu.getByRole('link').first();
    await first.waitFor();
    const link = await first.boundingBox();
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('#side-menu') !== null,
      { x: link!.x + link!.width / 2, y: link!.y + link!.height / 2 },
    );
    expect(onTop).toBe(true);
    await screenshot(page, 'toast-menu-open');
    await page.getByRole('button', { name: 'Закрыть меню' }).click();

    // Left alone, it goes by itself after a few seconds (its words, then the trip download's offer in
    // the same line), and the page moves back up.
    await toast.waitFor({ state: 'detached', timeout: 25_000 });
    expect((await boxOf(page, 'main.page')).y).toBeCloseTo(underTopbar, 0);
    await context.close();
  });

  it('covers no seat of the seat map, and Close takes it away with the room it made', async () => {
    const excursion = await coachExcursion();
    const { context, page } = await openPhone(browser);
    const { access_token: token } = await newTourist(baseUrl, mailDir);
    await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
    await page.goto(`${baseUrl}/booking/${excursion._id}`);
    await page.getByRole('heading', { name: 'Рассчет стоимости' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'К выбору мест' }).click();
    await page.getByRole('heading', { name: 'Выбор мест' }).waitFor();

    const toast = toastOf(page);
    await toast.getByText('App ready to work offline', { exact: true }).waitFor({ timeout: 30_000 });
    const box = await boxOf(page, '.pwa-toast');
    expect(await overlapped(page, box, '.pwa-toast')).toEqual([]);
    // The seat map starts below the toast, not under it.
    expect((await boxOf(page, '.seat-bus')).y).toBeGreaterThanOrEqual(box.y + box.height);
    await screenshot(page, 'toast-seat-map');

    await toast.getByRole('button', { name: 'Close' }).click();
    expect(await toast.count()).toBe(0);
    const topbar = await boxOf(page, '.topbar');
    expect((await boxOf(page, 'main.page')).y).toBeCloseTo(topbar.y + topbar.height, 0);
    await context.close();
  });
});

describe('the connection dot on a phone', () => {
  it('sits in the top bar clear of every link, button and price, and its panel speaks Russian', async () => {
    const excursion = await coachExcursion();
    const { context, page } = await openPhone(browser);
    const { access_token: token } = await newTourist(baseUrl, mailDir);
    await context.addInitScript((value) => localStorage.setItem('access_token', value), token);

    const dot = page.locator('.connection-dot');
    const screens = [
      { path: `/excursion/${excursion._id}`, ready: excursion.title, name: 'dot-excursion' },
      { path: `/booking/${excursion._id}`, ready: 'Рассчет стоимости', name: 'dot-booking' },
    ];
    for (const screen of screens) {
      await page.goto(`${baseUrl}${screen.path}`);
      await page.getByRole('heading', { name: screen.ready }).first().waitFor({ timeout: 30_000 });
      await dot.waitFor();
      // Whatever the worker's toast does meanwhile is not what this test is about.
      const toast = toastOf(page);
      if (await toast.count()) await toast.getByRole('button', { name: 'Close' }).click();

      const box = (await dot.boundingBox())!;
      const topbar = await boxOf(page, '.topbar');
      // Inside the top bar: page content scrolled under the bar is hidden by the bar, not by the dot.
      expect(box.y).toBeGreaterThanOrEqual(topbar.y);
      expect(box.y + box.height).toBeLessThanOrEqual(topbar.y + topbar.height);
      expect(await overlapped(page, box, '.connection-widget')).toEqual([]);
      await screenshot(page, screen.name);
    }

    // The open panel: every word Russian, the log's lines included (the socket has said something).
    await dot.click();
    const panel = page.locator('.connection-panel');
    await panel.waitFor();
    await expect
      .poll(() => panel.locator('.connection-log li').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const text = await panel.innerText();
    expect(text).toContain('Соединение');
    expect(text).toContain('Эта вкладка ведёт синхронизацию');
    expect(text).not.toMatch(/[A-Za-z]/);
    await screenshot(page, 'dot-panel');
    await context.close();
  });
});
