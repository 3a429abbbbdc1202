import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday, formatDisplayDate } from '../../src/domain/dates';
import { formatRoubles, withPlainSpaces } from '../../src/domain/pricing';
import type { City, Excursion, Place } from '../../src/domain/types';
import type { CreateExcursionPayloadInput } from '../../src/protocol/excursions';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { photoJpeg } from '../support/media-fixtures';
import { mintToken, signIn } from '../support/session';
import { product } from '../support/e2e-product';

// Reviewed changes of a published excursion against the real product: the seller's new price waits
// for an admin while the catalogue keeps the old one; the admin sees old and new side by side and
// publishes, and a tourist's open page shows the new price live; a refused change leaves the catalogue
// as it was and shows the seller why. The excursion is made for the test, so no demo data changes.

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

const plain = (text: string | null) => withPlainSpaces(text ?? '').trim();
const roubles = (amount: number) => plain(formatRoubles(amount));

async function getJson<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A seller's excursion made through the API, as the add-excursion wizard sends it, then published. */
async function publishedExcursion(
  sellerToken: string,
  adminToken: string,
  title: string,
): Promise<Excursion> {
  const place = (await getJson<{ places: Place[] }>('/api/places')).places[0] as Place;
  const city = (await getJson<{ cities: City[] }>('/api/cities')).cities[0] as City;
  const payload: CreateExcursionPayloadInput = {
    title,
    description: 'Проверка изменений: прибрежная тропа и смотровые площадки.',
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
    tours: [{ date: addDays(crimeaToday(new Date()), 12), time: '09:00' }],
  };
  const form = new FormData();
  form.append('excursion', JSON.stringify(payload));
  form.append('preview_images', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
  const created = await fetch(`${baseUrl}/api/excursions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sellerToken}` },
    body: form,
  });
  expect(created.status, await created.clone().text()).toBe(200);
  const { _id: id } = (await created.json()) as Excursion;
  const published = await fetch(`${baseUrl}/api/excursions/${id}/publish`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(published.status, await published.clone().text()).toBe(200);
  return (await published.json()) as Excursion;
}

/** The seller's editor: a new adult price typed on the 'Стоимость' tab and saved. */
async function editPrice(page: Page, id: string, price: number): Promise<void> {
  await page.goto(`${baseUrl}/profile/edit/${id}`);
  await page.getByRole('tab', { name: 'Стоимость' }).click({ timeout: 30_000 });
  const field = page.getByLabel('Цена для взрослого, ₽', { exact: true });
  await field.fill(String(price));
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Изменения отправлены на проверку. Сейчас в каталоге прежняя версия.' })
    .waitFor({ timeout: 30_000 });
  // The form keeps the seller's version, not the live one the save answered.
  expect(await field.inputValue()).toBe(String(price));
}

const currentPrice = (page: Page) => page.getByTestId('price-block').getByTestId('price-current').innerText();

/** The 'Поле / Было / Стало' row of a field in a diff table inside `scope`. */
function diffRow(scope: ReturnType<Page['locator']>, page: Page, label: string) {
  return scope.locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) });
}

describe('reviewed changes of a published excursion', () => {
  it('keeps the old price public until an admin publishes the new one; a refusal shows the seller why', async () => {
    const sellerToken = await mintToken(dataDir, DEMO.seller);
    const adminToken = await mintToken(dataDir, DEMO.admin);
    const title = `Тропа над морем ${Date.now().toString(36)}`;
    const excursion = await publishedExcursion(sellerToken, adminToken, title);
    const id = excursion._id;
    const today = formatDisplayDate(crimeaToday(new Date()));

    // A tourist has the public page open.
    const tourist = await openPhone(browser);
    await tourist.page.goto(`${baseUrl}/excursion/${id}`);
    await tourist.page.getByTestId('price-block').waitFor({ timeout: 30_000 });
    expect(plain(await currentPrice(tourist.page))).toBe(roubles(2200));

    // The seller changes the price in the editor: it waits for review, the catalogue keeps 2 200 ₽.
    const seller = await openPhone(browser);
    await signIn(seller.context, dataDir, DEMO.seller);
    await editPrice(seller.page, id, 2600);
    await screenshot(seller.page, 'revision-edit-sent');
    expect((await getJson<Excursion>(`/api/excursions/${id}`)).adultPrice).toBe(2200);

    // The seller's excursion page: which version is live and which waits.
    await seller.page.goto(`${baseUrl}/profile/myexcursion/${id}`);
    const waiting = seller.page.getByRole('region', { name: 'Изменения ждут проверки' });
    await waiting.waitFor({ timeout: 30_000 });
    await waiting.getByText(`Отправлены ${today}`, { exact: true }).waitFor();
    const sellerRow = diffRow(waiting, seller.page, 'Цена для взрослого');
    expect(plain(await sellerRow.locator('td').first().innerText())).toBe(roubles(2200));
    expect(plain(await sellerRow.locator('td').last().innerText())).toBe(roubles(2600));
    await waiting.scrollIntoViewIfNeeded();
    await screenshot(seller.page, 'revision-seller-waiting');

    // The admin sees the change with old and new price, only the price changed, and publishes it.
    const admin = await openPhone(browser);
    await signIn(admin.context, dataDir, DEMO.admin);
    await admin.page.goto(`${baseUrl}/profile/admin-panel`);
    const list = admin.page.getByRole('list', { name: 'Изменения на проверке' });
    await list.waitFor({ timeout: 30_000 });
    const item = list
      .getByRole('listitem')
      .filter({ has: admin.page.getByRole('heading', { name: title }) })
      .first();
    await item.waitFor();
    await item.getByText(`Изменена ${today}`, { exact: true }).waitFor();
    expect(await item.getByRole('rowheader').allInnerTexts()).toEqual(['Цена для взрослого']);
    const adminRow = diffRow(item, admin.page, 'Цена для взрослого');
    expect(plain(await adminRow.locator('td').first().innerText())).toBe(roubles(2200));
    expect(plain(await adminRow.locator('td').last().innerText())).toBe(roubles(2600));
    await item.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'revision-admin-diff');
    await tourist.page.evaluate(() => ((window as unknown as { untouched?: boolean }).untouched = true));
    await item.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'опубликованы' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => item.count()).toBe(0);

    // The tourist's open page shows the new price without a reload.
    await expect
      .poll(async () => plain(await currentPrice(tourist.page)), { timeout: 30_000 })
      .toBe(roubles(2600));
    expect(await tourist.page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(
      true,
    );
    await tourist.page.getByTestId('price-block').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(tourist.page, 'revision-tourist-live');

    // Another change, refused with a reason: the catalogue keeps 2 600 ₽ and the seller sees why. The
    // admin's open queue shows it without a reload.
    await editPrice(seller.page, id, 3100);
    const again = list
      .getByRole('listitem')
      .filter({ has: admin.page.getByRole('heading', { name: title }) })
      .first();
    await again.waitFor({ timeout: 30_000 });
    const reason = 'Цена выше, чем у похожих экскурсий';
    await again.getByRole('button', { name: 'Отклонить' }).click();
    await again.getByLabel('Причина отказа').fill(reason);
    await again.getByRole('button', { name: 'Отклонить' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'отклонены' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => again.count()).toBe(0);
    expect((await getJson<Excursion>(`/api/excursions/${id}`)).adultPrice).toBe(2600);
    expect(plain(await currentPrice(tourist.page))).toBe(roubles(2600));

    await seller.page.goto(`${baseUrl}/profile/myexcursion/${id}`);
    const refused = seller.page.getByRole('region', { name: `Изменения отклонены: ${reason}` });
    await refused.waitFor({ timeout: 30_000 });
    const refusedRow = diffRow(refused, seller.page, 'Цена для взрослого');
    expect(plain(await refusedRow.locator('td').last().innerText())).toBe(roubles(3100));
    expect(await refused.getByRole('link', { name: 'Исправить изменения' }).getAttribute('href')).toBe(
      `/profile/edit/${id}`,
    );
    await refused.scrollIntoViewIfNeeded();
    await screenshot(seller.page, 'revision-seller-refused');
    // The history tells the whole story.
    const history = seller.page.getByRole('region', { name: 'История проверки' });
    await history.getByText(`Изменения отклонены: ${reason}`).waitFor({ timeout: 30_000 });
    await history.getByText('Изменения опубликованы').waitFor();

    // The editor opens over the refused change: the seller's version, and why it was refused.
    await seller.page.goto(`${baseUrl}/profile/edit/${id}`);
    await seller.page
      .getByRole('status')
      .filter({ hasText: `Изменения отклонены: ${reason}` })
      .waitFor({
        timeout: 30_000,
      });
    await seller.page.getByRole('tab', { name: 'Стоимость' }).click();
    expect(await seller.page.getByLabel('Цена для взрослого, ₽', { exact: true }).inputValue()).toBe('3100');
    await screenshot(seller.page, 'revision-editor-refused');

    await Promise.all([tourist.context.close(), seller.context.close(), admin.context.close()]);
  }, 240_000);
});
