import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/types';
import { DEMO } from '../support/api';
import {
  launchBrowser,
  openPhone,
  readReplica,
  screenshot,
  storeTokenAndReopen,
  waitOrExplain,
} from '../support/browser';
import { registerOverHttp } from '../support/e2e-accounts';
import { photoPng } from '../support/media-fixtures';
import { mintToken, signIn } from '../support/session';
import { product } from '../support/e2e-product';

// The profile screens and the admin panel against the real product. Fresh accounts (4 registrations,
// kept few for the auth rate limit) are used wherever a test changes a user, so demo users stay as
// other tests expect them.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const mailDir = product('mailDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function me(token: string): Promise<{ status: number; user: User | null }> {
  const response = await fetch(`${baseUrl}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, user: response.ok ? ((await response.json()) as User) : null };
}

async function serverUser(token: string): Promise<User> {
  const { status, user } = await me(token);
  if (!user) throw new Error(`users/me answered ${status}`);
  return user;
}

/** A phone context signed in with the given token (re-added on every navigation, as after a login). */
async function phoneWithToken(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const phone = await openPhone(browser);
  await phone.context.addInitScript((value) => localStorage.setItem('access_token', value), token);
  return phone;
}

const saveButton = (page: Page) => page.locator('button.account-save');

async function openAccount(page: Page, userId: number): Promise<void> {
  await page.goto(`${baseUrl}/profile/account`);
  await waitOrExplain(page, page.getByRole('heading', { name: `USER ${userId}` }), 30_000);
}

describe('the account page', () => {
  it('saves name and masked phone, shows the save states, and keeps them after a reload', async () => {
    const { access_token: token, user_data: fresh } = await registerOverHttp(baseUrl, mailDir);
    const { context, page } = await phoneWithToken(token);
    await openAccount(page, fresh.id);
    // The e-mail comes from the registration; the initials stand in for the missing picture.
    expect(await page.getByLabel('Электронная почта').inputValue()).toBe(fresh.email);

    await page.getByLabel('Имя', { exact: true }).fill('Анна');
    await page.getByLabel('Фамилия').fill('Петрова');
    const phone = page.getByLabel('Телефон');
    await phone.click();
    await phone.pressSequentially('9781234567');
    expect(await phone.inputValue()).toBe('8(978)123-45-67');
    await screenshot(page, 'profile-account');

    await saveButton(page).click();
    // The button says it saved, then offers saving again by itself.
    await page.locator('button.account-save', { hasText: 'Сохранено!' }).waitFor({ timeout: 10_000 });
    await page.locator('button.account-save', { hasText: 'Сохранить' }).waitFor({ timeout: 10_000 });

    const saved = await serverUser(token);
    expect(saved).toMatchObject({ name: 'Анна', surname: 'Петрова', phone: '89781234567' });

    await page.reload();
    await page.getByRole('heading', { name: `USER ${fresh.id}` }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Имя', { exact: true }).inputValue()).toBe('Анна');
    expect(await page.getByLabel('Телефон').inputValue()).toBe('8(978)123-45-67');
    await context.close();
  });

  it('refuses an incomplete phone with a field message and sends nothing', async () => {
    const { context, page } = await phoneWithToken(await mintToken(dataDir, DEMO.tourist));
    await openAccount(page, DEMO.tourist);
    const phone = page.getByLabel('Телефон');
    await phone.fill('');
    await phone.pressSequentially('97812');
    await saveButton(page).click();
    await page.locator('button.account-save', { hasText: 'Ошибка сохранения' }).waitFor();
    await page.getByText('Введите номер телефона полностью').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('keeps an offline edit on the phone and sends it when the network returns', async () => {
    const { access_token: token, user_data: fresh } = await registerOverHttp(baseUrl, mailDir);
    const { context, page } = await phoneWithToken(token);
    await openAccount(page, fresh.id);
    const phone = page.getByLabel('Телефон');
    await phone.click();
    await phone.pressSequentially('9780000001');

    await context.setOffline(true);
    await page.getByLabel('Имя', { exact: true }).fill('Офлайн');
    await saveButton(page).click();
    await page.locator('button.account-save', { hasText: 'Сохранено!' }).waitFor({ timeout: 10_000 });
    await page.getByRole('status').filter({ hasText: 'будут отправлены' }).waitFor();
    await screenshot(page, 'profile-account-offline');
    expect((await serverUser(token)).name).toBe('');

    await context.setOffline(false);
    await expect.poll(async () => (await serverUser(token)).name, { timeout: 30_000 }).toBe('Офлайн');
    expect((await serverUser(token)).phone).toBe('89780000001');
    await context.close();
  });

  it('uploads an avatar, shows it, and saves it to the profile', async () => {
    const { access_token: token, user_data: fresh } = await registerOverHttp(baseUrl, mailDir);
    const { context, page } = await phoneWithToken(token);
    await openAccount(page, fresh.id);
    const phone = page.getByLabel('Телефон');
    await phone.click();
    await phone.pressSequentially('9785554433');

    await page.locator('input[type=file]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await photoPng(320, 320),
    });
    const picture = page.locator('.account-avatar img');
    await picture.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = (await picture.getAttribute('src')) ?? '';
    const filename = decodeURIComponent(src.replace(/^\/api\/images\//, '').replace(/\?.*$/, ''));
    expect(filename).not.toBe('');
    await picture.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-account-avatar');
    expect((await serverUser(token)).avatar).toBe('');

    await saveButton(page).click();
    await page.locator('button.account-save', { hasText: 'Сохранено!' }).waitFor({ timeout: 10_000 });
    expect((await serverUser(token)).avatar).toBe(filename);

    // The profile page shows the same picture.
    await page.goto(`${baseUrl}/profile`);
    await page.locator(`.profile-identity img[src*="${encodeURIComponent(filename)}"]`).waitFor();
    await context.close();
  });

  it("shows a seller's referral link to the login page and its 256 px QR code", async () => {
    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.seller);
    await openAccount(page, DEMO.seller);
    const link = page.getByLabel('Ссылка для приглашения');
    expect(await link.inputValue()).toBe(`${baseUrl}/profile/login/${DEMO.seller}`);
    const qr = page.getByRole('img', { name: 'QR-код реферальной ссылки' });
    await qr.waitFor({ timeout: 15_000 });
    expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      256, 256,
    ]);
    expect((await qr.boundingBox())?.width).toBe(256);
    await qr.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-account-seller');
    await context.close();
  });

  it("'Выйти из аккаунта' removes the token and lands on the login page", async () => {
    const phone = await openPhone(browser);
    const { context } = phone;
    const token = await mintToken(dataDir, DEMO.tourist);
    await phone.page.goto(`${baseUrl}/about`);
    const page = await storeTokenAndReopen(context, phone.page, token);
    await openAccount(page, DEMO.tourist);
    await page.getByRole('link', { name: 'Выйти из аккаунта' }).click();
    await page.waitForURL(`${baseUrl}/profile/login`);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The protected pages now send the visitor to the login page.
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/profile/login`);
    await context.close();
  });

  it('shows the account of a token stored after a visit even when the pulls after the start-over fail', async () => {
    const phone = await openPhone(browser);
    const { context } = phone;
    let page = phone.page;
    /** The replica's cursor and how many user rows it holds, read straight from IndexedDB. */
    const replica = async () => {
      const seen = await readReplica(page, ['cursor'], ['users']);
      return { cursor: (seen?.meta.cursor as string | undefined) ?? null, users: seen?.counts.users ?? 0 };
    };
    // A visit without a login fills the replica; its cursor was issued for nobody.
    await page.goto(`${baseUrl}/about`);
    await expect.poll(async () => (await replica()).cursor, { timeout: 30_000 }).toMatch(/\.0$/);
    // The token is stored and the visit's page closed, so every request below is the next page's.
    page = await storeTokenAndReopen(context, page, await mintToken(dataDir, DEMO.tourist));

    // The next page: users/me stores the user first; the pull then hears "start over", which clears
    // that row with the rest, and the two full pulls after it (the leader's, the socket's) meet a busy
    // server. Nothing else asks for the user again.
    let userChecked!: () => void;
    const checked = new Promise<void>((resolve) => (userChecked = resolve));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/users/me') userChecked();
    });
    const statuses: number[] = [];
    let refused = 0;
    await page.route(
      (url) => url.pathname === '/api/sync',
      async (route) => {
        const request = route.request();
        if (!request.headers().authorization) return route.continue();
        if (new URL(request.url()).searchParams.has('cursor')) {
          await checked;
          await new Promise((resolve) => setTimeout(resolve, 300));
        } else if (refused < 2) {
          refused += 1;
          statuses.push(503);
          return route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"busy"}' });
        }
        const response = await route.fetch();
        statuses.push(response.status());
        return route.fulfill({ response });
      },
    );
    await page.goto(`${baseUrl}/profile/account`);
    await expect.poll(() => refused, { timeout: 30_000 }).toBe(2);
    expect(statuses.slice(0, 3)).toEqual([410, 503, 503]);
    // The user comes back all the same, and the account page shows it.
    await expect.poll(async () => (await replica()).users, { timeout: 15_000 }).toBe(1);
    await page.getByRole('heading', { name: `USER ${DEMO.tourist}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Выйти из аккаунта' }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

describe('the profile page and its sub-pages', () => {
  it("shows a tourist's shortcuts and menu, without the seller's entries", async () => {
    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.tourist);
    await page.goto(`${baseUrl}/profile`);
    const menu = page.getByRole('navigation', { name: 'Меню профиля' });
    await menu.waitFor({ timeout: 30_000 });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Контакты', 'Сертификаты', 'FAQ']);
    expect(await page.locator('a[href="/profile/account"]').count()).toBe(1);
    expect(await page.locator('a[href="/favorite"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/profile/tickets"]').count()).toBe(1);
    expect(await page.locator('a[href="/profile/wallet"]').count()).toBe(0);
    await screenshot(page, 'profile-tourist');

    await page.goto(`${baseUrl}/profile/admin-panel`);
    await page.getByText('только администраторам').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Повысить до продавца' }).count()).toBe(0);
    await context.close();
  });

  it('shows an admin the balance, the seller entries and the panel', async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.admin);
    const admin = await serverUser(token);
    await page.goto(`${baseUrl}/profile`);
    const menu = page.getByRole('navigation', { name: 'Меню профиля' });
    await menu.waitFor({ timeout: 30_000 });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'Мои экскурсии',
      'Добавить экскурсию',
      'Панель',
      'Контакты',
      'Сертификаты',
      'FAQ',
    ]);
    const balance = page.locator('a[href="/profile/wallet"]');
    const shown = (await balance.innerText()).replace(/[\s\u00a0\u202f]/g, '');
    expect(shown).toContain(`${admin.balance}₽`);
    await screenshot(page, 'profile-admin');
    await context.close();
  });

  it('shows the wallet balance with how to withdraw, and the contacts', async () => {
    const { context, page } = await openPhone(browser);
    const token = await signIn(context, dataDir, DEMO.seller);
    const seller = await serverUser(token);
    await page.goto(`${baseUrl}/profile/wallet`);
    await page.getByRole('heading', { name: 'Кошелёк' }).waitFor({ timeout: 30_000 });
    const amount = (await page.locator('.wallet-amount').innerText()).replace(/[\s\u00a0\u202f]/g, '');
    expect(amount).toBe(`${seller.balance}₽`);
    await page.getByText('свяжитесь с администратором').waitFor();
    expect(await page.locator('.wallet-page a[href^="tel:"]').count()).toBe(1);
    await screenshot(page, 'profile-wallet');

    await page.goto(`${baseUrl}/profile/contacts`);
    await page.getByRole('heading', { name: 'Контакты' }).waitFor({ timeout: 30_000 });
    // The footer repeats the networks: count only the page's own links.
    const contacts = page.locator('.contacts-page');
    for (const name of ['VK', 'Rutube', 'YouTube', 'Telegram']) {
      await contacts.getByRole('link', { name }).waitFor();
    }
    expect(await contacts.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await contacts.locator('a[href^="tel:"]').count()).toBe(1);
    await screenshot(page, 'profile-contacts');

    await page.goto(`${baseUrl}/profile/faq`);
    const question = page.getByText('Как вывести реферальный бонус?');
    await question.click();
    await page.getByText('Свяжитесь с администратором').waitFor();
    await screenshot(page, 'profile-faq');

    await page.goto(`${baseUrl}/profile/certificates`);
    await page.getByLabel('Номер сертификата').fill('KRYM-1');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByRole('status').filter({ hasText: 'KRYM-1' }).waitFor();
    await screenshot(page, 'profile-certificates');
    await context.close();
  });
});

describe('the admin panel', () => {
  it('promotes and demotes a user by id and shows the server refusing an unknown id', async () => {
    const target = await registerOverHttp(baseUrl, mailDir);
    const { context, page } = await openPhone(browser);
    await signIn(context, dataDir, DEMO.admin);
    await page.goto(`${baseUrl}/profile/admin-panel`);
    await page.getByRole('heading', { name: 'Панель администратора' }).waitFor({ timeout: 30_000 });
    const id = page.getByLabel('ID пользователя');
    const promote = page.getByRole('button', { name: 'Повысить до продавца' });
    const demote = page.getByRole('button', { name: 'Понизить до пользователя' });

    await promote.click();
    await page.getByRole('alert').filter({ hasText: 'Введите ID пользователя' }).waitFor();

    await id.fill(String(target.user_data.id));
    await promote.click();
    await page.getByRole('status').filter({ hasText: 'Пользователь успешно повышен до продавца' }).waitFor();
    // Promotion keeps the user's tokens valid, so the user's own view says seller.
    expect((await serverUser(target.access_token)).role).toBe('seller');
    await screenshot(page, 'admin-panel');

    await demote.click();
    await page.getByRole('status').filter({ hasText: 'Продавец успешно понижен до пользователя' }).waitFor();
    // Demotion revokes the user's tokens: the old one is refused.
    expect((await me(target.access_token)).status).toBe(401);

    await id.fill('999999');
    await promote.click();
    await page.getByRole('alert').filter({ hasText: 'Пользователь не найден' }).waitFor();
    await screenshot(page, 'admin-panel-error');

    await context.setOffline(true);
    await id.fill(String(target.user_data.id));
    await promote.click();
    // The id form's own answer (the user search below says the same of its list while offline).
    await page
      .locator('form')
      .filter({ has: id })
      .getByRole('alert')
      .filter({ hasText: 'Ошибка сети' })
      .waitFor();
    await context.close();
  });
});
