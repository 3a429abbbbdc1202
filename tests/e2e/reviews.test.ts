import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { bookingBody, GOOD_CARD } from '../support/booking';
import {
  cardOf,
  closeOffline,
  launchBrowser,
  openPhone,
  replicaCursor,
  screenshot,
} from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { closeOfflineToast, emptySellerTour, freeSeats, productCaller } from '../support/e2e-departure';
import { product } from '../support/e2e-product';
import { photoJpeg } from '../support/media-fixtures';
import { mintToken, signIn } from '../support/session';

// Against the real product: a traveller who boarded a departure writes its review with no network;
// it waits on the phone (over a closed tab), reaches the server once the network is back, and shows on
// the excursion page with its average, and live on another phone that has the page open. The seller
// replies to it; an admin hides it, and its author sees it hidden and why.

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

/** A new tourist with a name, holding a paid ticket on the tour that the seller checked in at boarding. */
async function boardedTraveller() {
  const { excursion, tour } = await emptySellerTour(baseUrl, { daysAhead: 2, places: 1 });
  const account = await newTourist(baseUrl, mailDir);
  const token = account.access_token;
  const id = account.user_data.id;
  await call('PUT', `/api/users/${id}`, token, {
    name: 'Вероника',
    surname: 'Лисицына',
    middlename: '',
    phone: '8(978)555-02-0' + String(id % 10),
    email: account.user_data.email,
    avatar: '',
  });
  const seats = excursion.busType === 'none' ? [] : freeSeats(excursion, tour).slice(0, 1);
  const body = bookingBody(id, excursion, tour, { adults: 1, seats });
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
  expect(ticket.status).toBe('confirmed');
  const sellerToken = await mintToken(dataDir, DEMO.seller);
  await call('POST', `/api/tickets/${ticket._id}/checkin`, sellerToken, {
    code: ticket.checkCode,
    at: new Date().toISOString(),
  });
  return { excursion, tour, ticket, userId: id };
}

const reviewOf = (page: Page, marker: string): Locator => page.locator('.review-item', { hasText: marker });

describe('a review written offline', () => {
  it('waits on the phone, syncs, shows with the average and live elsewhere, gets a reply, and is hidden with a reason its author sees', async () => {
    const { excursion, tour, ticket, userId } = await boardedTraveller();
    const marker = `Маршрут-${crypto.randomUUID().slice(0, 8)}`;
    // Tags in the text stay characters: the page renders it as text, never as HTML.
    const text = `${marker}: <b>гид</b> рассказывал так, что не хотелось уходить.`;
    const reviewUrl = `${baseUrl}/profile/tickets/ticket/${ticket._id}/review`;
    const excursionUrl = `${baseUrl}/excursion/${excursion._id}`;

    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, userId);
    await page.goto(`${baseUrl}/profile`);
    const awaiting = page.getByRole('region', { name: 'Ждут отзыва' });
    const link = awaiting.getByRole('link', { name: new RegExp(excursion.title) });
    await link.waitFor({ timeout: 30_000 });
    // The app must open again with no network: the worker controls the page, the replica has synced.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await closeOfflineToast(page);
    await expect.poll(() => replicaCursor(page), { timeout: 30_000 }).toMatch(/^v1\./);
    await screenshot(page, 'reviews-profile-awaiting');

    // Another phone, online and anonymous, has the excursion page open all along.
    const other = await openPhone(browser);
    await other.page.goto(excursionUrl);
    await other.page.getByRole('heading', { name: excursion.title, level: 1 }).waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await link.click();
    await page.getByRole('heading', { name: 'Отзыв о поездке', level: 1 }).waitFor({ timeout: 15_000 });
    const form = page.locator('form.review-form');
    await form.getByRole('radio', { name: '4 звезды' }).check();
    await form.getByLabel('Расскажите о поездке').fill(text);
    await form.getByText(`${text.length} / 2000`).waitFor();
    await form.getByRole('button', { name: 'Сохранить отзыв' }).click();
    await page.getByText('Отзыв сохранён на телефоне', { exact: false }).waitFor({ timeout: 15_000 });
    await page.getByText('Ожидает отправки на сервер').waitFor();
    await page.getByText('Чтобы добавить фото, нужно подключение к интернету.').waitFor();
    await screenshot(page, 'review-form-offline');

    // The tab is closed and the app opened again, still offline: the review is there, still pending.
    await closeOffline(page);
    const phone = await context.newPage();
    await phone.goto(reviewUrl);
    await phone.getByText('Ожидает отправки на сервер').waitFor({ timeout: 30_000 });
    expect(await phone.getByLabel('Расскажите о поездке').inputValue()).toBe(text);
    expect(await phone.getByRole('radio', { name: '4 звезды' }).isChecked()).toBe(true);
    expect(await reviewOf(other.page, marker).count()).toBe(0);

    // Online again: it is sent, and the server's copy replaces the pending one.
    await context.setOffline(false);
    await phone.getByText('Ожидает отправки на сервер').waitFor({ state: 'detached', timeout: 60_000 });
    await phone.getByRole('button', { name: 'Выбрать фото' }).waitFor({ timeout: 15_000 });
    await phone.getByText(/Изменить отзыв можно до \d\d\.\d\d\.\d{4}\./).waitFor();

    // Online, a photo from the phone goes up and shows as a thumbnail.
    const photo = { name: 'view.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(1200, 900) };
    await phone.getByLabel('Выбрать фото').setInputFiles(photo);
    await phone.getByRole('img', { name: 'Фото 1' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() =>
        phone.getByRole('img', { name: 'Фото 1' }).evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(phone, 'review-form-saved');

    // The excursion page shows it, with the average, the count and the spread of stars.
    await phone.goto(excursionUrl);
    const section = phone.getByRole('region', { name: 'Отзывы' });
    const item = reviewOf(phone, marker);
    await item.waitFor({ timeout: 30_000 });
    expect(await item.locator('.review-author').innerText()).toBe('Вероника Л.');
    expect(await item.locator('.review-body').innerText()).toBe(text);
    expect(await item.locator('.review-body b').count()).toBe(0);
    await item.getByRole('img', { name: 'Оценка: 4 звезды из 5' }).waitFor();
    await item.getByRole('img', { name: 'Фото из отзыва: Вероника Л., 1' }).waitFor();
    const average = await section.locator('.reviews-average strong').innerText();
    expect(average).toMatch(/^[1-5],\d$/);
    const count = /^(\d+) отзыв/.exec(await section.locator('.reviews-count').innerText())?.[1];
    expect(count).toBeDefined();
    const fours = await section.locator('meter').nth(1).getAttribute('aria-label');
    expect(fours).toMatch(/^4 звезды: [1-9]\d* отзыв/);
    await section.scrollIntoViewIfNeeded();
    await screenshot(phone, 'reviews-excursion-section');

    // The excursion's card on a list shows the same average and count.
    await phone.goto(`${baseUrl}/excursions/date?date=${tour.date}&qty=1`);
    const rating = cardOf(phone, excursion._id).locator('.card-rating');
    await rating.waitFor({ timeout: 30_000 });
    // Its text, not innerText, which is empty while the card is away from the screen (not rendered
    // until it comes near: content-visibility in page-blocks.css).
    expect(await rating.textContent()).toBe(`★ ${average} · ${count}`);
    await rating.scrollIntoViewIfNeeded();
    await screenshot(phone, 'reviews-card-rating');

    // The other phone shows it without a reload.
    await reviewOf(other.page, marker).waitFor({ timeout: 30_000 });

    // The seller answers once, from their excursion page.
    const seller = await openPhone(browser);
    await signIn(seller.context, dataDir, DEMO.seller);
    await seller.page.goto(`${baseUrl}/profile/myexcursion/${excursion._id}`);
    const sellerItem = reviewOf(seller.page, marker);
    await sellerItem.waitFor({ timeout: 30_000 });
    await sellerItem.getByRole('button', { name: 'Ответить' }).click();
    const reply = 'Спасибо! Ждём вас снова в горах.';
    await sellerItem.getByLabel('Ваш ответ').fill(reply);
    await sellerItem.getByRole('button', { name: 'Отправить ответ' }).click();
    await sellerItem.locator('.review-reply').getByText(reply).waitFor({ timeout: 15_000 });
    expect(await sellerItem.getByRole('button', { name: 'Ответить' }).count()).toBe(0);
    await reviewOf(other.page, marker).locator('.review-reply').getByText(reply).waitFor({ timeout: 30_000 });
    await seller.context.close();

    // An admin hides it with a reason: the public loses it, its author sees it hidden and why.
    const admin = await openPhone(browser);
    await signIn(admin.context, dataDir, DEMO.admin);
    await admin.page.goto(excursionUrl);
    const adminItem = reviewOf(admin.page, marker);
    await adminItem.waitFor({ timeout: 30_000 });
    await adminItem.getByRole('button', { name: 'Скрыть' }).click();
    const reason = 'Личные данные гида в тексте';
    await adminItem.getByLabel('Причина скрытия').fill(reason);
    await adminItem.getByRole('button', { name: 'Скрыть отзыв' }).click();
    await adminItem.getByText(`Скрыт администратором. Причина: ${reason}`).waitFor({ timeout: 15_000 });
    await adminItem.getByRole('button', { name: 'Показать' }).waitFor();
    await expect.poll(() => reviewOf(other.page, marker).count(), { timeout: 30_000 }).toBe(0);
    await admin.context.close();
    await other.context.close();

    await phone.goto(reviewUrl);
    await phone.getByText('Отзыв скрыт администратором и не виден другим путешественникам.').waitFor({
      timeout: 30_000,
    });
    await phone.getByText(`Причина: ${reason}`).waitFor();
    await phone.locator('.review-reply').getByText(reply).waitFor();
    await screenshot(phone, 'review-hidden-author');
    await context.close();
  });
});
