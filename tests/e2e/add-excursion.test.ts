import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday, formatDisplayDate } from '../../src/domain/dates';
import { entryPrice, totalPrice } from '../../src/domain/pricing';
import type { Excursion, Tour } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { photoJpeg, photoPng, tinyMp4 } from '../support/media-fixtures';
import { newTourist } from '../support/e2e-accounts';
import { mintToken, signIn } from '../support/session';
import { product } from '../support/e2e-product';
import { tapDateInSheet } from '../support/e2e-dates';

// SPEC §2/§4/§5 add-excursion wizard and excursion editor against the real product: a seller sends
// real files through every step, an admin publishes, a tourist's open list shows it over the socket,
// and the editor renames it and drops a photo.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;
let dir: string;
const files: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'add-excursion-'));
  const write = async (name: string, bytes: Uint8Array) => {
    files[name] = join(dir, name);
    await writeFile(files[name], bytes);
  };
  await write('fiolent.jpg', await photoJpeg(1200, 800));
  await write('cape.png', await photoPng(800, 600));
  await write('bay.jpg', await photoJpeg(900, 600));
  await write('rocks.jpg', await photoJpeg(640, 480));
  await write('gallery-1.jpg', await photoJpeg(1000, 700));
  await write('gallery-2.png', await photoPng(700, 500));
  await write('walk.mp4', tinyMp4(96 * 1024));
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const next = (page: Page) => page.getByRole('button', { name: 'Далее' });
const seat = (page: Page, n: number) => page.getByRole('button', { name: `Место ${n}`, exact: true });

async function api<T>(token: string, method: string, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Scrolls the element to the middle of the screen, clear of the docked actions. */
async function centre(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

/** Holds every request to `path` until `release` is called, so a busy state can be seen and checked. */
async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4' };

/**
 * Picks files in several pickers (by their labels) in one task of the page, as no file dialog can:
 * every change event fires before the page has drawn any of them.
 */
async function pickAtOnce(page: Page, picks: Record<string, string[]>): Promise<void> {
  const inputs = await Promise.all(
    Object.keys(picks).map((label) => page.getByLabel(label, { exact: true }).elementHandle()),
  );
  const chosen = await Promise.all(
    Object.values(picks).map((names) =>
      Promise.all(
        names.map(async (name) => ({
          name,
          type: TYPES[name.split('.').pop() as string] as string,
          base64: (await readFile(files[name] as string)).toString('base64'),
        })),
      ),
    ),
  );
  await page.evaluate(
    ([elements, lists]) => {
      const pickers = elements as HTMLInputElement[];
      pickers.forEach((input, index) => {
        const transfer = new DataTransfer();
        for (const file of lists[index] ?? []) {
          const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
          transfer.items.add(new File([bytes], file.name, { type: file.type }));
        }
        input.files = transfer.files;
      });
      for (const input of pickers) input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [inputs, chosen] as const,
  );
}

describe('the add-excursion wizard', () => {
  it('takes a seller through every step with real files; an admin publishes; a tourist sees it live', async () => {
    const title = `Мыс Фиолент на закате ${Date.now()}`;
    const adminToken = await mintToken(dataDir, DEMO.admin);
    const today = crimeaToday(new Date());
    const tomorrow = addDays(today, 1);

    // The tourist's list is open from the start and is never reloaded.
    const tourist = await openPhone(browser);
    await signIn(tourist.context, dataDir, DEMO.tourist);
    await tourist.page.goto(`${baseUrl}/excursions`);
    await tourist.page.locator('.excursion-card').first().waitFor({ timeout: 30_000 });
    await tourist.page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.seller);
    await page.goto(`${baseUrl}/profile/addexcursion`);

    // Step 0: title and description.
    await page.getByRole('heading', { name: 'Название и описание' }).waitFor({ timeout: 30_000 });
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Название', { exact: true }).fill(title);
    expect(await next(page).isDisabled()).toBe(true);
    await page
      .getByLabel('Описание', { exact: true })
      .fill('Закат над Георгиевским монастырём и спуск к Яшмовому пляжу.');
    await screenshot(page, 'add-excursion-step0');
    await next(page).click();

    // Step 1: route stages and assembly points; the blank third stage is dropped on submit.
    await page.getByRole('heading', { name: 'Маршрут' }).waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Этап 1', { exact: true }).fill('Балаклава');
    await page.getByRole('button', { name: 'Добавить этап' }).click();
    await page.getByLabel('Этап 2', { exact: true }).fill('Мыс Фиолент');
    await page.getByRole('button', { name: 'Добавить этап' }).click();
    expect(
      await page.getByLabel('Этап 3', { exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.getByLabel('Место сбора 1', { exact: true }).fill('Площадь Нахимова');
    await screenshot(page, 'add-excursion-route');
    await next(page).click();

    // Step 2: extra information; category, city and place must leave their placeholders.
    await page.getByRole('heading', { name: 'Дополнительная информация' }).waitFor();
    await page.getByText('Если обеда нет — оставьте пустым').waitFor();
    await page.getByLabel('Продолжительность', { exact: true }).fill('5 часов');
    await page.getByText('Умеренно', { exact: true }).click();
    await page.getByText('Можно с детьми').click();
    await page.getByLabel('Включено 1', { exact: true }).fill('Трансфер');
    const category = page.getByLabel('Категория', { exact: true });
    expect(await category.locator('option').allInnerTexts()).toEqual([
      'Выберите категорию',
      'Дворцы',
      'Морские прогулки',
      'Парки',
      'Горы',
      'Другое',
    ]);
    await category.selectOption('Горы');
    await page.getByLabel('Город', { exact: true }).selectOption({ index: 1 });
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Достопримечательность', { exact: true }).selectOption({ index: 1 });
    await screenshot(page, 'add-excursion-details');
    const city = await page.getByLabel('Город', { exact: true }).inputValue();
    const place = Number(await page.getByLabel('Достопримечательность', { exact: true }).inputValue());
    await next(page).click();

    // Step 3: prices. Child prices show because children are allowed; entry prices hide behind the box.
    await page.getByRole('heading', { name: 'Стоимость' }).waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Цена для взрослого, ₽', { exact: true }).fill('2 000');
    expect(await page.getByLabel('Цена для взрослого, ₽', { exact: true }).inputValue()).toBe('2000');
    await page.getByLabel('Цена для ребёнка, ₽', { exact: true }).fill('1200');
    expect(await page.getByLabel('Входной билет для взрослого, ₽', { exact: true }).count()).toBe(0);
    await page.getByText('Нет входных билетов').click();
    await page.getByLabel('Входной билет для взрослого, ₽', { exact: true }).fill('300');
    await page.getByRole('button', { name: 'Добавить услугу' }).click();
    await page.getByLabel('Услуга 1: название', { exact: true }).fill('Ужин у моря');
    await page.getByLabel('Услуга 1: цена, ₽', { exact: true }).fill('900');

    await screenshot(page, 'add-excursion-prices');

    // A reload keeps the typed draft and the step.
    await page.reload();
    await page.getByRole('heading', { name: 'Стоимость' }).waitFor({ timeout: 30_000 });
    await page.getByText('Мы восстановили введённые данные').waitFor();
    expect(await page.getByLabel('Услуга 1: название', { exact: true }).inputValue()).toBe('Ужин у моря');
    expect(await page.getByLabel('Входной билет для взрослого, ₽', { exact: true }).inputValue()).toBe('300');
    await next(page).click();

    // Step 4: at least one run; a time must be given, a second date comes from the date picker.
    await page.getByRole('heading', { name: 'Расписание' }).waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    const add = page.getByRole('button', { name: 'Добавить', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Время', { exact: true }).fill('10:00');
    await add.click();
    await page.getByRole('button', { name: /^Дата/ }).click();
    const picker = page.getByRole('dialog', { name: 'Выбор даты' });
    await tapDateInSheet(picker, tomorrow);
    await picker.getByRole('button', { name: 'Выбрать дату' }).click();
    await page.getByLabel('Время', { exact: true }).fill('18:30');
    await add.click();
    const slots = page.getByRole('list', { name: 'Даты и время' }).locator('li');
    expect(await slots.count()).toBe(2);
    await screenshot(page, 'add-excursion-schedule');
    await next(page).click();

    // Step 5: seats. Coach by default (13 rows, 50 seats); a van resets to 5 rows; seats are switches.
    await page.getByRole('heading', { name: 'Места' }).waitFor();
    expect(await page.getByTestId('seat-rows').innerText()).toBe('Рядов: 13');
    expect(await page.getByTestId('max-people').innerText()).toBe('Мест в продаже: 50');
    await page.getByText('Микроавтобус', { exact: true }).click();
    expect(await page.getByTestId('seat-rows').innerText()).toBe('Рядов: 5');
    expect(await page.getByTestId('max-people').innerText()).toBe('Мест в продаже: 17');
    expect(await page.locator('.seat-map-van .seat-wheel').count()).toBe(1);
    expect(await page.locator('.seat-map-van .seat-door').count()).toBe(1);
    await seat(page, 1).click();
    expect(await seat(page, 1).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('max-people').innerText()).toBe('Мест в продаже: 16');
    await page.getByRole('button', { name: 'Убрать ряд' }).click();
    expect(await page.getByTestId('seat-rows').innerText()).toBe('Рядов: 4');
    expect(await seat(page, 17).count()).toBe(0);
    await page.getByRole('button', { name: 'Добавить ряд' }).click();
    expect(await page.getByTestId('max-people').innerText()).toBe('Мест в продаже: 16');
    // Changing the type resets the rows and the seats; back on the van, seat 1 is on sale again.
    await page.getByText('Автобус', { exact: true }).click();
    expect(await page.getByTestId('seat-rows').innerText()).toBe('Рядов: 13');
    await page.getByText('Микроавтобус', { exact: true }).click();
    expect(await seat(page, 1).getAttribute('aria-pressed')).toBe('false');
    await seat(page, 2).click();
    await seat(page, 2).click();
    await seat(page, 2).click();
    expect(await page.getByTestId('max-people').innerText()).toBe('Мест в продаже: 16');
    const seatBox = await seat(page, 3).boundingBox();
    expect(seatBox!.width).toBeGreaterThanOrEqual(36);
    await screenshot(page, 'add-excursion-seats');
    await centre(page, '.seat-bus');
    await screenshot(page, 'add-excursion-seats-map');
    await next(page).click();

    // Step 6: files. Four covers are cut to three, one is removed; previews come from the files.
    await page.getByRole('heading', { name: 'Галерея' }).waitFor();
    const submit = page.getByRole('button', { name: 'Отправить заявку' });
    expect(await submit.isDisabled()).toBe(true);
    await page
      .getByLabel('Выбрать обложки', { exact: true })
      .setInputFiles([
        files['fiolent.jpg'],
        files['cape.png'],
        files['bay.jpg'],
        files['rocks.jpg'],
      ] as string[]);
    await page.getByText('Можно не больше 3: лишние файлы не добавлены.').waitFor();
    const covers = page.getByRole('group', { name: /Обложки/ }).locator('img');
    expect(await covers.count()).toBe(3);
    expect(await covers.first().getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(() => covers.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1200);
    await page.getByRole('button', { name: 'Убрать bay.jpg' }).click();
    expect(await covers.count()).toBe(2);
    // The photos and the video picked in one moment: both picks are checked at once, and each joins
    // the form without dropping the other.
    await pickAtOnce(page, {
      'Выбрать фото': ['gallery-1.jpg', 'gallery-2.png'],
      'Выбрать видео': ['walk.mp4'],
    });
    // A pick joins the form once its files are checked (their first bytes read), as its thumbnails and
    // their remove buttons show; the photos are checked beside the video, and may come after it.
    await page.getByRole('button', { name: 'Убрать gallery-1.jpg' }).waitFor();
    await page.getByRole('button', { name: 'Убрать gallery-2.png' }).waitFor();
    await page.getByText('walk.mp4').waitFor();
    await page.getByText('96 КБ').waitFor();
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(page, 'add-excursion-gallery');
    await centre(page, '.xf-video-list');
    await screenshot(page, 'add-excursion-video');

    // Offline the request cannot go: the wizard says so and keeps every field and file.
    await context.setOffline(true);
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'нужно подключение к интернету' }).waitFor();
    expect(await covers.count()).toBe(2);
    await screenshot(page, 'add-excursion-offline');
    await context.setOffline(false);

    // Online: 'Загрузка...' while it is sent, then step 7.
    const release = await holdRequests(page, /\/api\/excursions$/);
    await submit.click();
    await page.getByRole('button', { name: 'Загрузка...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Загрузка...' }).isDisabled()).toBe(true);
    release();
    await page
      .getByText('Вы успешно оставили заявку. В ближайшее время, с вами свяжется наш менеджер')
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('form-dock').getByRole('button', { name: 'Назад' }).isDisabled()).toBe(
      true,
    );
    expect(
      await page.getByTestId('form-dock').getByRole('link', { name: 'На главную' }).getAttribute('href'),
    ).toBe('/');
    await screenshot(page, 'add-excursion-success');

    // The server has it as sent, waiting for review.
    const pending = await api<{ excursions: Excursion[] }>(adminToken, 'GET', '/api/moderation/excursions');
    const created = pending.body.excursions.find((e) => e.title === title);
    expect(created).toBeDefined();
    const id = created!._id;
    expect(created).toMatchObject({
      ownerID: DEMO.seller,
      moderation: { status: 'pending' },
      description: 'Закат над Георгиевским монастырём и спуск к Яшмовому пляжу.',
      directions: ['Балаклава', 'Мыс Фиолент'],
      assemblyPoints: ['Площадь Нахимова'],
      included: ['Трансфер'],
      notIncluded: [],
      duration: '5 часов',
      lunchDuration: '',
      difficulty: 'Умеренно',
      childrenAllowed: true,
      category: 'Горы',
      city,
      place,
      adultPrice: 2000,
      kidPrice: 1200,
      adultInitPrice: 2000,
      kidInitPrice: 1200,
      entryTickets: true,
      adultEntryPrice: 300,
      services: [{ name: 'Ужин у моря', price: 900 }],
      popularity: 0,
      bestseller: false,
      busType: 'van',
      numberOfRows: 5,
      reservedSeats: [2],
      maxAttendants: 16,
    });
    expect(created!.images).toHaveLength(2);
    expect(created!.gallery).toHaveLength(2);
    expect(created!.video).not.toBe('');
    expect(created!.tours).toHaveLength(2);
    // Not public yet: the tourist's list does not have it.
    expect(await tourist.page.getByText(title).count()).toBe(0);

    // The seller's editor shows that it waits for review.
    await page.goto(`${baseUrl}/profile/edit/${id}`);
    await page.getByText('На проверке').waitFor({ timeout: 30_000 });
    await screenshot(page, 'excursion-editor-pending');

    // The admin publishes; the tourist's open list shows it through the socket, without a reload.
    const published = await api<Excursion>(adminToken, 'POST', `/api/excursions/${id}/publish`);
    expect(published.status).toBe(200);
    await tourist.page.getByText(title).first().waitFor({ timeout: 30_000 });
    expect(await tourist.page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(
      true,
    );
    const card = tourist.page.locator('.excursion-card').filter({ hasText: title });
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        card
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await screenshot(tourist.page, 'add-excursion-tourist-live');

    // Someone else's excursion does not open in the editor.
    await tourist.page.goto(`${baseUrl}/profile/edit/${id}`);
    await tourist.page.getByText('Excursion not found').waitFor({ timeout: 30_000 });

    // The editor: a new title and one gallery photo fewer, then 'Сохранено!'.
    await page.reload();
    await page.getByRole('tab', { name: 'Основное' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText('На проверке').count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Основное',
      'Дополнительно',
      'Маршрут',
      'Места',
      'Фотографии',
      'Стоимость',
    ]);
    const renamed = `${title} (обновлено)`;
    await page.getByLabel('Название', { exact: true }).fill(renamed);
    await screenshot(page, 'excursion-editor-basics');
    await page.getByRole('tab', { name: 'Места' }).click();
    expect(await seat(page, 2).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('tab', { name: 'Фотографии' }).click();
    const deleteMarked = page.getByRole('button', { name: /^Удалить \d+ фото$/ });
    expect(await deleteMarked.innerText()).toBe('Удалить 0 фото');
    expect(await deleteMarked.isDisabled()).toBe(true);
    const removedId = created!.gallery[0];
    await page.getByRole('button', { name: 'Отметить для удаления: Фото 1' }).click();
    expect(await deleteMarked.innerText()).toBe('Удалить 1 фото');
    await screenshot(page, 'excursion-editor-photos');
    await centre(page, '.xf-video-state');
    await screenshot(page, 'excursion-editor-video');
    await deleteMarked.click();
    expect(await page.getByRole('button', { name: /^Отметить для удаления: Фото/ }).count()).toBe(1);

    const releaseSave = await holdRequests(page, new RegExp(`/api/excursions/${id}$`));
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('button', { name: 'Сохранение...' }).waitFor();
    releaseSave();
    await page.getByRole('button', { name: 'Сохранено!' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'excursion-editor-saved');
    // Back to idle after 2 s (SPEC §4).
    await page.getByRole('button', { name: 'Сохранить' }).waitFor({ timeout: 5_000 });
    // A published excursion's new content waits for review; the catalogue keeps the live version.
    await page.getByText('Изменения отправлены на проверку. Сейчас в каталоге прежняя версия.').waitFor();
    const live = await api<Excursion>(adminToken, 'GET', `/api/excursions/${id}`);
    expect(live.body.title).toBe(title);
    expect(live.body.gallery).toEqual(created!.gallery);
    expect((await api(adminToken, 'POST', `/api/excursions/${id}/revision/approve`)).status).toBe(200);

    const stored = await api<Excursion>(adminToken, 'GET', `/api/excursions/${id}`);
    expect(stored.body.title).toBe(renamed);
    expect(stored.body.gallery).toHaveLength(1);
    expect(stored.body.gallery).not.toContain(removedId);
    expect(stored.body.images).toEqual(created!.images);
    expect(stored.body.video).toBe(created!.video);
    expect(stored.body.reservedSeats).toEqual([2]);
    expect(stored.body.adultInitPrice).toBe(2000);

    // A seat sold on a run cannot be taken out of sale: the server's reason is shown.
    const tours = await Promise.all(
      created!.tours.map(async (tourId) => (await api<Tour>(adminToken, 'GET', `/api/tours/${tourId}`)).body),
    );
    const later = tours.find((t) => t.date === tomorrow)!;
    const { access_token: touristToken, user_data: buyer } = await newTourist(baseUrl, product('mailDir'));
    const party = { adults: 1, kids: 0 };
    const sold = await fetch(`${baseUrl}/api/tickets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${touristToken}` },
      body: JSON.stringify({
        tourID: later._id,
        userID: buyer.id,
        ...party,
        seats: [3],
        assemblyPoint: 'Площадь Нахимова',
        services: [],
        excursionPrice: totalPrice(stored.body, party, []),
        entryPrice: entryPrice(stored.body, party),
      }),
    });
    expect(sold.status).toBe(200);
    await page.getByRole('tab', { name: 'Места' }).click();
    await seat(page, 3).click();
    expect(await seat(page, 3).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('button', { name: 'Ошибка сохранения' }).waitFor({ timeout: 30_000 });
    const refusal = page.getByRole('alert').filter({ hasText: 'Место 3 уже продано' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(`Место 3 уже продано на ${formatDisplayDate(tomorrow)}`);
    await screenshot(page, 'excursion-editor-sold-seat');
    await page.getByRole('button', { name: 'Сохранить' }).waitFor({ timeout: 5_000 });
    expect((await api<Excursion>(adminToken, 'GET', `/api/excursions/${id}`)).body.reservedSeats).toEqual([
      2,
    ]);

    await tourist.context.close();
    await context.close();
  }, 240_000);
});
