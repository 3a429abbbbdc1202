import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../src/domain/dates';
import { MAX_IMAGE_FILE_BYTES } from '../../src/domain/excursion-form-files';
import type { Excursion } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';
import { photoJpeg, photoPng, tinyMp4 } from '../support/media-fixtures';
import { mintToken, signIn } from '../support/session';
import { tapDateInSheet } from '../support/e2e-dates';

// The add-excursion wizard's files on a 390×844 phone against the real product: a wrong or too large
// file is refused in the browser before anything is sent; an upload shows its progress and can be
// cancelled with the form still usable; the draft, chosen files included, outlives the page that
// made it; and a tourist on the seller screens is told they are for sellers.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
let browser: Browser;
let dir: string;
const files: Record<string, string> = {};

/** The seller's phone: one browser context (one profile) across the steps below. */
let seller: { context: BrowserContext; page: Page };
/** Every POST of the excursion form the seller's pages made. */
const formPosts: Request[] = [];
const title = `Балаклава с воды ${Date.now()}`;
/** The excursion the wizard created, for the editor's upload. */
let createdId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'wizard-uploads-'));
  const write = async (name: string, bytes: Uint8Array | string) => {
    files[name] = join(dir, name);
    await writeFile(files[name], bytes);
  };
  await write('cape.png', await photoPng(800, 600));
  await write('bay.jpg', await photoJpeg(900, 600));
  // Text with a photo's name: the browser claims image/jpeg for it, its bytes say otherwise.
  await write('notes.jpg', 'Взять с собой: воду, кепку и крем от солнца.\n');
  // Real JPEG bytes, one byte over the photo cap.
  const jpeg = await photoJpeg(640, 480);
  const huge = new Uint8Array(MAX_IMAGE_FILE_BYTES + 1);
  huge.set(jpeg);
  await write('huge.jpg', huge);
  // Large enough that a throttled upload takes a while.
  await write('cliffs.mp4', tinyMp4(1536 * 1024));
  seller = await openPhone(browser);
  await signIn(seller.context, dataDir, DEMO.seller2);
  seller.context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/excursions')
      formPosts.push(request);
  });
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const next = (page: Page) => page.getByRole('button', { name: 'Далее' });
const covers = (page: Page) => page.getByRole('group', { name: /Обложки/ }).locator('img');

/** Fills steps 0–5 with the least each needs and arrives on step 6, 'Галерея'. */
async function fillToGallery(page: Page): Promise<void> {
  const tomorrow = addDays(crimeaToday(new Date()), 1);
  await page.getByRole('heading', { name: 'Название и описание' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Название', { exact: true }).fill(title);
  await page.getByLabel('Описание', { exact: true }).fill('Морская прогулка вдоль скал Балаклавы.');
  await next(page).click();
  await page.getByRole('heading', { name: 'Маршрут' }).waitFor();
  await page.getByLabel('Этап 1', { exact: true }).fill('Балаклавская бухта');
  await page.getByLabel('Место сбора 1', { exact: true }).fill('Набережная Назукина');
  await next(page).click();
  await page.getByRole('heading', { name: 'Дополнительная информация' }).waitFor();
  await page.getByLabel('Продолжительность', { exact: true }).fill('3 часа');
  await page.getByLabel('Категория', { exact: true }).selectOption('Морские прогулки');
  await page.getByLabel('Город', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Достопримечательность', { exact: true }).selectOption({ index: 1 });
  await next(page).click();
  await page.getByRole('heading', { name: 'Стоимость' }).waitFor();
  await page.getByLabel('Цена для взрослого, ₽', { exact: true }).fill('1500');
  await next(page).click();
  await page.getByRole('heading', { name: 'Расписание' }).waitFor();
  await page.getByRole('button', { name: /^Дата/ }).click();
  const picker = page.getByRole('dialog', { name: 'Выбор даты' });
  await tapDateInSheet(picker, tomorrow);
  await picker.getByRole('button', { name: 'Выбрать дату' }).click();
  await page.getByLabel('Время', { exact: true }).fill('11:00');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  await next(page).click();
  await page.getByRole('heading', { name: 'Места' }).waitFor();
  await next(page).click();
  await page.getByRole('heading', { name: 'Галерея' }).waitFor();
}

/** How many files the wizard's draft holds in IndexedDB, read by the page itself. */
function draftFileCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('excursion-drafts');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('files')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('files').objectStore('files').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(new Error(String(count.error)));
        };
      }),
  );
}

/** Slows the page's network to a crawl (upload included) through the DevTools protocol. */
async function throttle(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

describe('the wizard’s files', () => {
  it('refuses a renamed text file and a photo over 15 MB in the browser, uploading nothing', async () => {
    const { page } = seller;
    await page.goto(`${baseUrl}/profile/addexcursion`);
    await fillToGallery(page);
    const submit = page.getByRole('button', { name: 'Отправить заявку' });

    await page
      .getByLabel('Выбрать обложки', { exact: true })
      .setInputFiles([files['notes.jpg'], files['huge.jpg']] as string[]);
    const group = page.getByRole('group', { name: /Обложки/ });
    await group.getByText('Файл «notes.jpg»: Файл не является изображением').waitFor();
    await group
      .getByText('Файл «huge.jpg»: Файл слишком большой: изображение должно быть не больше 15 МБ')
      .waitFor();
    expect(await covers(page).count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);
    await group.scrollIntoViewIfNeeded();
    await screenshot(page, 'wizard-uploads-refused');

    // The same text file offered as the video is refused in the video's words.
    await page.getByLabel('Выбрать видео', { exact: true }).setInputFiles(files['notes.jpg'] as string);
    await page.getByText('Файл «notes.jpg»: Неподдерживаемый формат видео: загрузите MP4 или WebM').waitFor();

    // Real photos and a video pass; still nothing has gone to the server.
    await page
      .getByLabel('Выбрать обложки', { exact: true })
      .setInputFiles([files['cape.png'], files['bay.jpg']] as string[]);
    await expect.poll(() => covers(page).count()).toBe(2);
    await page.getByLabel('Выбрать видео', { exact: true }).setInputFiles(files['cliffs.mp4'] as string);
    await page.getByText('cliffs.mp4').waitFor();
    expect(await submit.isDisabled()).toBe(false);
    expect(formPosts).toHaveLength(0);
  });

  it('keeps the draft with its chosen files after the page is closed and a new one opened', async () => {
    // Written to IndexedDB as they are picked: two covers and the video.
    await expect.poll(() => draftFileCount(seller.page)).toBe(3);
    await seller.page.close();

    const page = await seller.context.newPage();
    seller.page = page;
    await page.goto(`${baseUrl}/profile/addexcursion`);
    await page.getByRole('heading', { name: 'Галерея' }).waitFor({ timeout: 30_000 });
    await page.getByText('Мы восстановили введённые данные и выбранные файлы.').waitFor();
    await expect.poll(() => covers(page).count()).toBe(2);
    expect(await covers(page).evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))).toEqual([
      'cape.png',
      'bay.jpg',
    ]);
    // The restored photos are the picked bytes: they decode at their size.
    await expect
      .poll(() =>
        covers(page)
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(800);
    await page.getByText('cliffs.mp4').waitFor();
    await page.getByText('1,5 МБ').waitFor();
    expect(await page.getByRole('button', { name: 'Отправить заявку' }).isDisabled()).toBe(false);
    await screenshot(page, 'wizard-uploads-restored');
    await page.locator('.xf-video-list').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'wizard-uploads-restored-video');
    expect(formPosts).toHaveLength(0);
  });

  it('shows the upload’s progress; Cancel stops it and the form can be sent again', async () => {
    const { page } = seller;
    const submit = page.getByRole('button', { name: 'Отправить заявку' });
    const cdp = await throttle(page, 96 * 1024);
    await submit.click();

    const status = page.getByTestId('upload-status');
    await status.getByText('Загрузка файлов').waitFor();
    // The share sent grows while the body goes out, in per cent and in bytes.
    await status.getByText(/^[1-9]\d?%$/).waitFor({ timeout: 30_000 });
    await status.getByText(/^\d+ КБ из \d+,\d МБ$/).waitFor();
    const bar = status.getByRole('progressbar', { name: 'Загрузка файлов' });
    const first = Number(await bar.getAttribute('value'));
    await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(first);
    expect(await page.getByRole('button', { name: 'Загрузка...' }).isDisabled()).toBe(true);
    await screenshot(page, 'wizard-uploads-progress');

    const cancelled = formPosts.length;
    await status.getByRole('button', { name: 'Отменить загрузку' }).click();
    await page.getByText(/^Загрузка отменена\./).waitFor();
    expect(await status.count()).toBe(0);
    expect(formPosts).toHaveLength(cancelled);
    // The form is as it was: the files are there and the request can be sent again.
    expect(await covers(page).count()).toBe(2);
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(page, 'wizard-uploads-cancelled');

    // Nothing reached the server: no excursion of that title waits for review.
    const adminToken = await mintToken(dataDir, DEMO.admin);
    const queue = async () => {
      const response = await fetch(`${baseUrl}/api/moderation/excursions`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      return ((await response.json()) as { excursions: Excursion[] }).excursions.filter(
        (e) => e.title === title,
      );
    };
    expect(await queue()).toHaveLength(0);

    // At full speed the same restored files go through.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await submit.click();
    await page
      .getByText('Вы успешно оставили заявку. В ближайшее время, с вами свяжется наш менеджер')
      .waitFor({ timeout: 30_000 });
    const [created] = await queue();
    expect(created?.images).toHaveLength(2);
    expect(created?.video).not.toBe('');
    // A sent request leaves no draft behind.
    await expect.poll(() => draftFileCount(page)).toBe(0);
    createdId = created!._id;
  });

  it('shows the editor’s upload of new photos too, and Cancel leaves them in the form', async () => {
    const { page } = seller;
    await page.goto(`${baseUrl}/profile/edit/${createdId}`);
    await page.getByRole('tab', { name: 'Фотографии' }).click({ timeout: 30_000 });
    await page.getByLabel('Выбрать фото', { exact: true }).setInputFiles(files['cliffs.mp4'] as string);
    await page.getByText('Файл «cliffs.mp4»: Файл не является изображением').waitFor();
    await page
      .getByLabel('Выбрать фото', { exact: true })
      .setInputFiles([files['cape.png'], files['bay.jpg']] as string[]);
    const gallery = page.getByRole('group', { name: /Новые фото для галереи/ }).locator('img');
    await expect.poll(() => gallery.count()).toBe(2);

    const cdp = await throttle(page, 48 * 1024);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const status = page.getByTestId('upload-status');
    await status.getByText(/^[1-9]\d?%$/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'wizard-uploads-editor-progress');
    await status.getByRole('button', { name: 'Отменить загрузку' }).click();
    await page.getByText(/^Загрузка отменена\./).waitFor();
    expect(await gallery.count()).toBe(2);
    await cdp.detach();
  });
});

describe('the seller screens for a tourist', () => {
  it('say the section is for sellers and how to become one, with no wizard and no list', async () => {
    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.tourist);
    for (const [path, shot] of [
      ['/profile/myexcursions', 'wizard-uploads-tourist-myexcursions'],
      ['/profile/addexcursion', 'wizard-uploads-tourist-addexcursion'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      const notice = page.getByRole('region', { name: 'Раздел для продавцов' });
      await notice.waitFor({ timeout: 30_000 });
      await notice.getByText('Чтобы стать продавцом, свяжитесь с администратором сервиса').waitFor();
      expect(await notice.getByRole('link', { name: 'Контакты' }).getAttribute('href')).toBe(
        '/profile/contacts',
      );
      expect(await page.getByLabel('Название', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Далее' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /Добавить/ }).count()).toBe(0);
      await screenshot(page, shot);
    }
    await context.close();
  });
});
