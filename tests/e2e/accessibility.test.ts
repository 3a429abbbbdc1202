import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion, Place, Ticket, Tour, City } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { bookingBody, GOOD_CARD } from '../support/booking';
import { appDrawn, launchBrowser, openPhone } from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { closeOfflineToast, emptySellerTour, freeSeats, productCaller } from '../support/e2e-departure';
import { product } from '../support/e2e-product';
import { mintToken, signIn } from '../support/session';

// Deque's axe-core rules (WCAG 2.x A and AA, best practices) on every screen of the app and its main
// states, on a phone, each as the person who sees it: a guest, a tourist, a seller or an admin. Each
// test checks all of its screens and then lists every violation it met, screen by screen.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const mailDir = product('mailDir');
const call = productCaller(baseUrl);
let browser: Browser;
let excursions: Excursion[];
let tours: Tour[];

beforeAll(async () => {
  browser = await launchBrowser();
  excursions = (await call<{ excursions: Excursion[] }>('GET', '/api/excursions')).excursions;
  tours = (await call<{ tours: Tour[] }>('GET', '/api/tours')).tours;
});
afterAll(async () => {
  await browser?.close();
});

/** Collects the violations of each screen a test checks; `done` fails with all of them at once. */
function audit(page: Page) {
  const found: string[] = [];
  return {
    async check(screen: string): Promise<void> {
      try {
        await expectNoAxeViolations(page);
      } catch (error) {
        found.push(`${screen}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    done(): void {
      expect(found.join('\n\n'), 'axe-core violations').toBe('');
    },
  };
}

/** Opens a screen and waits until the app runs it and its title heading is there. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await appDrawn(page);
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
}

async function phoneAs(userId?: number): Promise<{ context: BrowserContext; page: Page }> {
  const phone = await openPhone(browser);
  if (userId !== undefined) await signIn(phone.context, dataDir, userId);
  return phone;
}

/** A coach excursion's tour a day ahead or later with `free` seats a buyer can pick. */
function coachTour(free: number): { excursion: Excursion; tour: Tour } {
  const tomorrow = new Date(Date.now() + 27 * 3600_000).toISOString().slice(0, 10);
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (excursion?.busType !== 'coach' || tour.date <= tomorrow || excursion.assemblyPoints.length === 0)
      continue;
    if (freeSeats(excursion, tour).length >= free) return { excursion, tour };
  }
  throw new Error(`the demo catalogue has no coach tour with ${free} free seats`);
}

/** A new tourist holding a booked (unpaid) ticket on a coach tour. */
async function touristWithTicket(): Promise<{
  token: string;
  id: number;
  ticket: Ticket;
  confirmationid: string;
}> {
  const account = await newTourist(baseUrl, mailDir);
  const token = account.access_token;
  const id = account.user_data.id;
  const { excursion, tour } = coachTour(1);
  const body = bookingBody(id, excursion, tour, { adults: 1, seats: freeSeats(excursion, tour).slice(-1) });
  const booked = await call<{ ticket_id: string; confirmationid: string }>(
    'POST',
    '/api/tickets',
    token,
    body,
  );
  const ticket = await call<Ticket>('GET', `/api/tickets/${booked.ticket_id}`, token);
  return { token, id, ticket, confirmationid: booked.confirmationid };
}

describe('screens a guest sees', () => {
  it('has no violations on the public screens, the side menu and the login steps', async () => {
    const { context, page } = await phoneAs();
    const a = audit(page);
    const places = (await call<{ places: Place[] }>('GET', '/api/places')).places;
    const cities = (await call<{ cities: City[] }>('GET', '/api/cities')).cities;
    const withGallery = places.find((place) => place.gallery.length > 1) ?? places[0];
    const excursion = excursions.find((e) => e.images.length > 0) ?? excursions[0];
    const date = tours.find((tour) => tour.excursionID === excursion?._id)?.date ?? '';

    await open(page, '/');
    await a.check('home');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.locator('#side-menu').getByRole('link', { name: 'О нас' }).waitFor();
    await a.check('side menu open');
    await page.getByRole('button', { name: 'Закрыть меню' }).click();
    const search = page.getByRole('searchbox', { name: 'Поиск по экскурсиям, местам и городам' });
    const results = page.getByRole('region', { name: 'Результаты поиска' });
    await search.fill('двор');
    await results.locator('.search-item-name').first().waitFor();
    await a.check('home: search results');
    await search.fill('zzqxw');
    await results.getByText('По вашему запросу ничего не найдено').waitFor();
    await a.check('home: search without results');
    await search.fill('');
    await page.getByRole('button', { name: /^Дата/ }).click();
    await page.getByRole('dialog', { name: 'Выбор даты' }).waitFor();
    await a.check('home: date picker');
    await page.keyboard.press('Escape');

    for (const path of [
      '/excursions',
      '/excursions/castles',
      '/excursions/seawalks',
      '/excursions/parks',
      '/excursions/mountains',
      `/excursions/date?date=${date}&qty=1`,
      `/excursions/date?date=${date}&qty=500`,
      `/excursion/${excursion?._id}`,
      '/schedule',
      '/stories',
      `/place/${withGallery?.id}`,
      `/city/${cities[0]?.id}`,
      '/about',
      '/no-such-screen',
    ]) {
      await open(page, path);
      // The place's gallery is a sideways row of pictures only: it is checked with them in it.
      if (path.startsWith('/place/')) {
        const gallery = page.locator('.place-gallery-row');
        await gallery.locator('li').first().waitFor({ state: 'attached' });
        await gallery.scrollIntoViewIfNeeded();
      }
      await a.check(path);
    }

    await open(page, '/profile/login');
    await a.check('login landing');
    await page.getByRole('button', { name: 'Регистрация', exact: true }).click();
    await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
    await a.check('login: register');
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.getByRole('button', { name: 'Вход', exact: true }).click();
    await page.getByLabel('Пароль', { exact: true }).waitFor();
    await a.check('login: sign in');
    await page.getByRole('button', { name: 'Забыли пароль?' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    await a.check('login: password reset');

    // The code step, with a real e-mail sent to a fresh account.
    const account = await newTourist(baseUrl, mailDir);
    await open(page, '/profile/login');
    await page.getByRole('button', { name: 'Вход', exact: true }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(account.user_data.email);
    await page.getByLabel('Пароль', { exact: true }).fill('secret-123');
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('group', { name: 'Код из письма' }).waitFor({ timeout: 15_000 });
    await a.check('login: code');

    await context.close();
    a.done();
  });

  it('has no violations with the offline banner showing', async () => {
    const { context, page } = await phoneAs();
    const a = audit(page);
    await open(page, '/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await closeOfflineToast(page);
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Нет сети' }).waitFor();
    await a.check('offline banner');
    await open(page, '/excursions');
    await a.check('offline list');
    await context.setOffline(false);
    await context.close();
    a.done();
  });
});

describe('screens a tourist sees', () => {
  it('has no violations on the profile screens, an empty list, booking, payment and the ticket', async () => {
    const { token, ticket, confirmationid } = await touristWithTicket();
    const { context, page } = await openPhone(browser);
    await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
    const a = audit(page);

    for (const path of [
      '/profile',
      '/profile/account',
      '/profile/wallet',
      '/profile/contacts',
      '/profile/certificates',
      '/profile/faq',
      '/favorite',
      '/profile/tickets',
      `/profile/tickets/ticket/${ticket._id}`,
      '/success',
    ]) {
      await open(page, path);
      await a.check(path === '/favorite' ? 'empty favourites' : path);
    }

    const { excursion } = coachTour(2);
    await open(page, `/booking/${excursion._id}`);
    await a.check('booking: counts');
    await page.getByRole('button', { name: 'К выбору мест' }).click();
    await page
      .getByRole('button', { name: /^Место \d+$/ })
      .first()
      .waitFor();
    await a.check('booking: seat map');

    // The payment screen, reached as the booking screen's navigate() reaches it.
    await open(page, '/profile/tickets');
    await page.evaluate(
      ([ticketId, confirmationId]) => {
        history.pushState(
          { usr: { ticket_id: ticketId, confirmationid: confirmationId }, key: 'x', idx: 1 },
          '',
          '/payment',
        );
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      },
      [ticket._id, confirmationid],
    );
    await page.getByRole('region', { name: 'Форма оплаты картой' }).waitFor({ timeout: 30_000 });
    await a.check('payment');

    await call('POST', '/api/test-pay/pay', undefined, {
      confirmation_token: confirmationid,
      card_number: GOOD_CARD,
    });
    await open(page, `/success?ticket=${ticket._id}`);
    await a.check('payment success');
    await open(page, `/profile/tickets/ticket/${ticket._id}`);
    await page.locator('.ticket-qr, canvas, svg[role="img"]').first().waitFor({ timeout: 30_000 });
    await a.check('paid ticket');

    await context.close();
    a.done();
  });

  it('has no violations on the review screen of a boarded ticket', async () => {
    const { excursion, tour } = await emptySellerTour(baseUrl, { daysAhead: 2, places: 1 });
    const account = await newTourist(baseUrl, mailDir);
    const token = account.access_token;
    const seats = excursion.busType === 'none' ? [] : freeSeats(excursion, tour).slice(0, 1);
    const body = bookingBody(account.user_data.id, excursion, tour, { adults: 1, seats });
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
    const ticket = await call<Ticket>('GET', `/api/tickets/${booked.ticket_id}`, token);
    await call('POST', `/api/tickets/${ticket._id}/checkin`, await mintToken(dataDir, DEMO.seller), {
      code: ticket.checkCode,
      at: new Date().toISOString(),
    });
    const { context, page } = await openPhone(browser);
    await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
    const a = audit(page);
    await open(page, `/profile/tickets/ticket/${ticket._id}/review`);
    await a.check('review');
    await context.close();
    a.done();
  });
});

describe('screens a seller sees', () => {
  it('has no violations on the seller screens and the wizard steps', async () => {
    const { excursion, tour } = await emptySellerTour(baseUrl, { daysAhead: 2, places: 1 });
    const { context, page } = await phoneAs(DEMO.seller);
    const a = audit(page);
    for (const path of [
      '/profile',
      '/profile/myexcursions',
      `/profile/myexcursion/${excursion._id}`,
      `/profile/schedule/${excursion._id}`,
      `/profile/departure/${tour._id}`,
      `/profile/departure/${tour._id}/boarding`,
      `/profile/edit/${excursion._id}`,
    ]) {
      await open(page, path);
      await a.check(path);
    }

    const next = page.getByRole('button', { name: 'Далее' });
    await open(page, '/profile/addexcursion');
    await page.getByRole('heading', { name: 'Название и описание' }).waitFor({ timeout: 30_000 });
    await a.check('wizard: title');
    await page.getByLabel('Название', { exact: true }).fill('Мыс Фиолент');
    await page.getByLabel('Описание', { exact: true }).fill('Закат над монастырём.');
    await next.click();
    await page.getByRole('heading', { name: 'Маршрут' }).waitFor();
    await a.check('wizard: route');
    await page.getByLabel('Этап 1', { exact: true }).fill('Балаклава');
    await page.getByLabel('Место сбора 1', { exact: true }).fill('Площадь Нахимова');
    await next.click();
    await page.getByRole('heading', { name: 'Дополнительная информация' }).waitFor();
    await page.getByLabel('Категория', { exact: true }).selectOption('Горы');
    await page.getByLabel('Город', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Достопримечательность', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Продолжительность', { exact: true }).fill('5 часов');
    await a.check('wizard: details');
    await next.click();
    await page.getByRole('heading', { name: 'Стоимость' }).waitFor();
    await page.getByLabel('Цена для взрослого, ₽', { exact: true }).fill('2000');
    await a.check('wizard: prices');
    await next.click();
    await page.getByRole('heading', { name: 'Расписание' }).waitFor();
    await page.getByLabel('Время', { exact: true }).fill('10:00');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await a.check('wizard: schedule');
    await page.getByRole('button', { name: /^Дата/ }).click();
    await page.getByRole('dialog', { name: 'Выбор даты' }).waitFor();
    await a.check('wizard: date picker');
    await page.keyboard.press('Escape');
    await next.click();
    await page.getByRole('heading', { name: 'Места' }).waitFor();
    await a.check('wizard: seats');
    await next.click();
    await page.getByRole('heading', { name: 'Галерея' }).waitFor();
    await a.check('wizard: gallery');

    await context.close();
    a.done();
  });
});

describe('screens an admin sees', () => {
  it('has no violations on the admin profile and the admin panel', async () => {
    const { context, page } = await phoneAs(DEMO.admin);
    const a = audit(page);
    await open(page, '/profile');
    await a.check('admin profile');
    await open(page, '/profile/admin-panel');
    await page.getByRole('heading', { name: 'Найти пользователя' }).waitFor();
    await page.getByRole('list', { name: 'Найденные пользователи' }).getByRole('listitem').first().waitFor();
    await a.check('admin panel');
    await context.close();
    a.done();
  });
});
