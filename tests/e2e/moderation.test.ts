import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday, formatDisplayDate } from '../../src/domain/dates';
import { formatPhone, nationalDigits } from '../../src/domain/phone';
import type { City, Excursion, Place, User } from '../../src/domain/types';
import type { CreateExcursionPayloadInput } from '../../src/protocol/excursions';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, replicaCursor, screenshot, staffScreensKept } from '../support/browser';
import { photoJpeg } from '../support/media-fixtures';
import { mintToken, signIn } from '../support/session';
import { product } from '../support/e2e-product';

// Moderation against the real product: a seller's new excursion waits in the admin panel with the
// seller's contacts; published, it enters the public catalogue; refused, its seller sees why in
// 'Мои экскурсии', sends it back for review and the admin sees its history.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;
let cover: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  cover = await photoJpeg(640, 480);
});
afterAll(async () => {
  await browser?.close();
});

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function demoSellerExcursion(): Promise<Excursion> {
  const excursions = (await getJson<{ excursions: Excursion[] }>('/api/excursions')).excursions;
  return excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
}

async function publicIds(): Promise<string[]> {
  return (await getJson<{ excursions: Excursion[] }>('/api/excursions')).excursions.map((e) => e._id);
}

/**
 * The seller as the admin's queue shows them. The demo seller has no phone at first; one is saved
 * through the profile API, as the account form would, so the queue card has a number to call.
 */
async function sellerWithPhone(token: string): Promise<User> {
  const meResponse = await fetch(`${baseUrl}/api/users/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const me = (await meResponse.json()) as User;
  if (me.phone) return me;
  const response = await fetch(`${baseUrl}/api/users/${me.id}`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      name: me.name,
      surname: me.surname,
      middlename: me.middlename,
      phone: '89785550102',
      email: me.email,
      avatar: me.avatar,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as User;
}

/** A seller's excursion made through the API, as the add-excursion wizard sends it. */
async function createAsSeller(token: string, title: string): Promise<Excursion> {
  const place = (await getJson<{ places: Place[] }>('/api/places')).places[0] as Place;
  const city = (await getJson<{ cities: City[] }>('/api/cities')).cities[0] as City;
  const day = (n: number) => addDays(crimeaToday(new Date()), n);
  const payload: CreateExcursionPayloadInput = {
    title,
    description: 'Проверка модерации: обрывы, сосны и море.',
    city: city.name,
    place: place.id,
    category: 'Горы',
    adultPrice: 2200,
    kidPrice: 1200,
    adultEntryPrice: 0,
    kidEntryPrice: 0,
    entryTickets: false,
    services: [],
    maxAttendants: 12,
    busType: 'none',
    numberOfRows: 0,
    availableSeats: [],
    reservedSeats: [],
    duration: '6 часов',
    lunchDuration: '',
    difficulty: 'Легко',
    childrenAllowed: true,
    directions: ['Ялта', 'Ай-Петри'],
    assemblyPoints: ['Ялта, набережная'],
    included: ['Трансфер'],
    notIncluded: [],
    ownerID: DEMO.seller,
    popularity: 0,
    bestseller: false,
    tours: [{ date: day(10), time: '09:00' }],
  };
  const form = new FormData();
  form.append('excursion', JSON.stringify(payload));
  form.append('preview_images', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
  const response = await fetch(`${baseUrl}/api/excursions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const created = (await response.json()) as Excursion;
  expect(created.moderation?.status).toBe('pending');
  return created;
}

describe('moderation of sellers’ excursions', () => {
  it('lists a new excursion for the admin; publishing puts it in the catalogue, refusing shows the seller why', async () => {
    const sellerToken = await mintToken(dataDir, DEMO.seller);
    const sellerUser = await sellerWithPhone(sellerToken);
    const sellerName = `${sellerUser.name} ${sellerUser.surname}`.trim();
    const phone = formatPhone(sellerUser.phone);
    const today = formatDisplayDate(crimeaToday(new Date()));
    const suffix = Date.now().toString(36);
    const published = await createAsSeller(sellerToken, `Ай-Петри на рассвете ${suffix}`);
    const refused = await createAsSeller(sellerToken, `Ущелье без фото ${suffix}`);
    const reason = 'Добавьте фотографии маршрута';
    expect(await publicIds()).not.toContain(published._id);

    const admin = await openPhone(browser);
    await signIn(admin.context, dataDir, DEMO.admin);
    await admin.page.goto(`${baseUrl}/profile/admin-panel`);
    const list = admin.page.getByRole('list', { name: 'Экскурсии на проверке' });
    await list.waitFor({ timeout: 30_000 });
    const itemOf = (excursion: Excursion) =>
      list.getByRole('listitem').filter({ has: admin.page.getByRole('heading', { name: excursion.title }) });
    for (const excursion of [published, refused]) {
      const item = itemOf(excursion);
      await item.waitFor();
      // Who sent it, how to reach them (a tap calls or writes) and when.
      await item.getByText(sellerName, { exact: true }).waitFor();
      expect(await item.getByRole('link', { name: `Позвонить ${phone}` }).getAttribute('href')).toBe(
        `tel:+7${nationalDigits(sellerUser.phone)}`,
      );
      expect(
        await item.getByRole('link', { name: `Написать на ${sellerUser.email}` }).getAttribute('href'),
      ).toBe(`mailto:${sellerUser.email}`);
      await item.getByText(`Отправлена ${today}`, { exact: true }).waitFor();
      await item.getByRole('listitem').filter({ hasText: 'Отправлена на проверку' }).waitFor();
      expect(await item.getByRole('link', { name: 'Посмотреть' }).getAttribute('href')).toBe(
        `/excursion/${excursion._id}`,
      );
      // The cover is the uploaded picture, served by the app's own server. It loads as it comes into
      // view, and other files' excursions may wait in the queue above this one.
      await item.scrollIntoViewIfNeeded();
      const picture = item.locator('img');
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await itemOf(published).scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'moderation-list');

    await itemOf(published).getByRole('button', { name: 'Опубликовать' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'опубликована' }).waitFor();
    await expect.poll(() => itemOf(published).count()).toBe(0);
    expect(await publicIds()).toContain(published._id);

    // Refusing needs a reason.
    const refusedItem = itemOf(refused);
    await refusedItem.getByRole('button', { name: 'Отклонить' }).click();
    await refusedItem.getByRole('button', { name: 'Отклонить' }).click();
    await refusedItem.getByRole('alert').filter({ hasText: 'Укажите причину отказа' }).waitFor();
    await refusedItem.getByLabel('Причина отказа').fill(reason);
    await screenshot(admin.page, 'moderation-reject');
    await refusedItem.getByRole('button', { name: 'Отклонить' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'отклонена' }).waitFor();
    await expect.poll(() => itemOf(refused).count()).toBe(0);
    expect(await publicIds()).not.toContain(refused._id);
    await admin.context.close();

    // The seller sees both outcomes in 'Мои экскурсии', the refusal with the admin's reason.
    const seller = await openPhone(browser);
    await signIn(seller.context, dataDir, DEMO.seller);
    await seller.page.goto(`${baseUrl}/profile/myexcursions`);
    const mine = seller.page.getByRole('list', { name: 'Ваши экскурсии' });
    await mine.waitFor({ timeout: 30_000 });
    const refusedRow = mine.getByRole('link').filter({ hasText: refused.title });
    await refusedRow.getByText(`Отклонена: ${reason}`).waitFor({ timeout: 30_000 });
    await mine.getByRole('link').filter({ hasText: published.title }).getByText('Опубликована').waitFor();
    expect(await refusedRow.getAttribute('href')).toBe(`/profile/myexcursion/${refused._id}`);
    expect(
      await seller.page.getByRole('link', { name: 'Добавить экскурсию' }).first().getAttribute('href'),
    ).toBe('/profile/addexcursion');
    // Refused comes first: it is what needs the seller's attention.
    expect(await mine.getByRole('link').first().innerText()).toContain(refused.title);
    const refusedCover = refusedRow.locator('img');
    await expect
      .poll(() => refusedCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await screenshot(seller.page, 'my-excursions');

    // Its page: banner, title, the refusal, the summary and the ways to change it.
    await refusedRow.click();
    await seller.page.getByRole('heading', { name: refused.title }).waitFor();
    await seller.page.getByText(`Отклонена: ${reason}`).first().waitFor();
    const notice = seller.page.getByRole('region', { name: 'Экскурсия не прошла проверку' });
    await notice.getByText(reason, { exact: true }).waitFor();
    const actions = seller.page.getByRole('navigation', { name: refused.title });
    expect(await actions.getByRole('link', { name: /Редактировать описание/ }).getAttribute('href')).toBe(
      `/profile/edit/${refused._id}`,
    );
    expect(await actions.getByRole('link', { name: /Расписание/ }).getAttribute('href')).toBe(
      `/profile/schedule/${refused._id}`,
    );
    await seller.page.getByText('Предстоящих выездов').waitFor();
    // The review history, the refusal with its reason in it.
    const history = seller.page.getByRole('region', { name: 'История проверки' });
    await history
      .getByRole('listitem')
      .filter({ hasText: `Отклонена: ${reason}` })
      .waitFor({ timeout: 15_000 });
    await screenshot(seller.page, 'seller-excursion');
    await notice.scrollIntoViewIfNeeded();
    await screenshot(seller.page, 'seller-excursion-rejected');

    // Sending needs the network: offline, the page says so and keeps the button; the history, asked
    // of the server, steps aside without an error.
    await seller.context.setOffline(true);
    await notice.getByRole('button', { name: 'Отправить на проверку' }).click();
    await notice
      .getByRole('alert')
      .filter({ hasText: 'Нет сети: отправьте, когда появится связь' })
      .waitFor();
    expect(await history.count()).toBe(0);
    await screenshot(seller.page, 'seller-excursion-offline');
    await seller.context.setOffline(false);

    // Fixed, the seller sends it back for review: the badge turns to 'На проверке' at once.
    await notice.getByRole('button', { name: 'Отправить на проверку' }).click();
    await seller.page
      .getByRole('status')
      .filter({ hasText: 'Экскурсия снова отправлена на проверку' })
      .waitFor();
    await seller.page.getByText('На проверке', { exact: true }).waitFor();
    expect(await notice.count()).toBe(0);
    await history
      .getByRole('listitem')
      .filter({ hasText: 'Отправлена повторно' })
      .waitFor({ timeout: 15_000 });
    await screenshot(seller.page, 'seller-excursion-resubmitted');
    await history.scrollIntoViewIfNeeded();
    await screenshot(seller.page, 'seller-excursion-history');
    await seller.context.close();

    // Back in the admin's queue, with its history; published, it enters the catalogue.
    const again = await openPhone(browser);
    await signIn(again.context, dataDir, DEMO.admin);
    await again.page.goto(`${baseUrl}/profile/admin-panel`);
    const queue = again.page.getByRole('list', { name: 'Экскурсии на проверке' });
    await queue.waitFor({ timeout: 30_000 });
    const back = queue
      .getByRole('listitem')
      .filter({ has: again.page.getByRole('heading', { name: refused.title }) });
    await back.waitFor();
    const events = back.getByRole('region', { name: 'История проверки' }).getByRole('listitem');
    await expect
      .poll(() => events.allInnerTexts())
      .toEqual([
        expect.stringContaining('Отправлена на проверку'),
        expect.stringContaining(`Отклонена: ${reason}`),
        expect.stringContaining('Отправлена повторно'),
      ]);
    await back.getByText(`Отправлена ${today}`, { exact: true }).waitFor();
    await back.scrollIntoViewIfNeeded();
    await screenshot(again.page, 'moderation-resubmitted');
    await back.getByRole('button', { name: 'Опубликовать' }).click();
    await again.page.getByRole('status').filter({ hasText: 'опубликована' }).waitFor();
    await expect.poll(() => back.count()).toBe(0);
    expect(await publicIds()).toContain(refused._id);
    await again.context.close();
  });

  it('shows a new submission in the open queue at once, and the queue with no signal after a reload', async () => {
    const sellerToken = await mintToken(dataDir, DEMO.seller);
    const sellerUser = await sellerWithPhone(sellerToken);
    const phone = formatPhone(sellerUser.phone);
    const admin = await openPhone(browser);
    await signIn(admin.context, dataDir, DEMO.admin);
    await admin.page.goto(`${baseUrl}/profile/admin-panel`);
    const region = admin.page.getByRole('region', { name: 'Экскурсии на проверке' });
    await region.waitFor({ timeout: 30_000 });
    // The queue is the admin's replica: its first sync is done once the cursor is a changes cursor (an
    // admin's ends in 'a'), and the service worker keeps the panel once it controls the page.
    await expect.poll(() => replicaCursor(admin.page), { timeout: 30_000 }).toMatch(/^v1\.\d+\.\d+a$/);
    await admin.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    // The panel's own files (/staff/) loaded before the worker took over this first visit; the phone
    // fetches them again through it, so the panel opens with no signal once the HTTP cache is gone.
    await staffScreensKept(admin.page);

    const fresh = await createAsSeller(sellerToken, `Большой каньон ${Date.now().toString(36)}`);
    const item = region
      .getByRole('listitem')
      .filter({ has: admin.page.getByRole('heading', { name: fresh.title }) });
    await item.waitFor({ timeout: 30_000 });
    await item.getByRole('link', { name: `Позвонить ${phone}` }).waitFor();

    // No signal: the panel opens again from the phone, with the card, its seller and its history; the
    // decisions wait for the network and say so.
    await admin.context.setOffline(true);
    await admin.page.reload();
    await item.waitFor({ timeout: 30_000 });
    await item.getByRole('link', { name: `Позвонить ${phone}` }).waitFor();
    await item.getByRole('link', { name: `Написать на ${sellerUser.email}` }).waitFor();
    await item.getByRole('listitem').filter({ hasText: 'Отправлена на проверку' }).waitFor();
    await region.getByText(/^Нет сети: очередь показана такой, какой была/).waitFor();
    expect(await item.getByRole('button', { name: 'Опубликовать' }).isDisabled()).toBe(true);
    await item.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'moderation-offline');

    // Back online, the decision goes through and the card leaves the queue.
    await admin.context.setOffline(false);
    const publish = item.getByRole('button', { name: 'Опубликовать' });
    await expect.poll(() => publish.isEnabled(), { timeout: 10_000 }).toBe(true);
    await publish.click();
    await admin.page.getByRole('status').filter({ hasText: 'опубликована' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => item.count()).toBe(0);
    expect(await publicIds()).toContain(fresh._id);
    await admin.context.close();
  });

  it('refuses to resubmit an excursion that is not refused', async () => {
    const sellerToken = await mintToken(dataDir, DEMO.seller);
    const pending = await createAsSeller(sellerToken, `Ещё на проверке ${Date.now().toString(36)}`);
    const response = await fetch(`${baseUrl}/api/excursions/${pending._id}/submit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sellerToken}`, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { detail: string }).detail).toBe('Эта экскурсия не отклонена');
  });

  it('shows another seller "Excursion not found" on the seller page and the schedule', async () => {
    const owned = await demoSellerExcursion();
    const other = await openPhone(browser);
    await signIn(other.context, dataDir, DEMO.seller2);
    await other.page.goto(`${baseUrl}/profile/myexcursion/${owned._id}`);
    await other.page.getByRole('heading', { name: 'Excursion not found' }).waitFor({ timeout: 30_000 });
    await other.page.goto(`${baseUrl}/profile/schedule/${owned._id}`);
    await other.page.getByRole('heading', { name: 'Excursion not found' }).waitFor({ timeout: 30_000 });
    await other.context.close();
  });

  it("lets an admin open any seller's excursion page, but not its schedule (SPEC §6)", async () => {
    const owned = await demoSellerExcursion();
    const admin = await openPhone(browser);
    await signIn(admin.context, dataDir, DEMO.admin);
    await admin.page.goto(`${baseUrl}/profile/myexcursion/${owned._id}`);
    await admin.page.getByRole('heading', { name: owned.title }).waitFor({ timeout: 30_000 });
    // Scheduling needs ownership, so the admin gets no schedule link and no schedule page.
    const actions = admin.page.getByRole('navigation', { name: owned.title });
    await actions.getByRole('link', { name: /Редактировать описание/ }).waitFor();
    expect(await actions.getByRole('link', { name: /Расписание/ }).count()).toBe(0);
    await admin.page.goto(`${baseUrl}/profile/schedule/${owned._id}`);
    await admin.page.getByRole('heading', { name: 'Excursion not found' }).waitFor({ timeout: 30_000 });
    await admin.context.close();
  });
});
