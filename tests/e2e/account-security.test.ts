import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot, waitOrExplain } from '../support/browser';
import { freshEmail, registerOverHttp } from '../support/e2e-accounts';
import { mintToken } from '../support/session';
import { mailCount, mailedCode } from '../support/smtp';
import { product } from '../support/e2e-product';

// What a person sees when the account's trust rules apply: an e-mail change waits for the code
// mailed to the new address, and a seller whom an admin demoted is told why the app signed them out.

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

async function me(token: string): Promise<{ status: number; email?: string; role?: string }> {
  const response = await fetch(`${baseUrl}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) return { status: response.status };
  const user = (await response.json()) as { email: string; role: string };
  return { status: response.status, email: user.email, role: user.role };
}

async function phoneWithToken(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const phone = await openPhone(browser);
  await phone.context.addInitScript((value) => localStorage.setItem('access_token', value), token);
  return phone;
}

async function asAdmin(path: string): Promise<number> {
  const token = await mintToken(dataDir, DEMO.admin);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

describe('account trust as a person sees it', () => {
  it('a new e-mail waits for the code mailed to it, then becomes the account e-mail', async () => {
    const { access_token: token, user_data: fresh } = await registerOverHttp(baseUrl, mailDir);
    const { context, page } = await phoneWithToken(token);
    await page.goto(`${baseUrl}/profile/account`);
    await waitOrExplain(page, page.getByRole('heading', { name: `USER ${fresh.id}` }), 30_000);

    const address = freshEmail('moved');
    const before = await mailCount(mailDir);
    await page.getByLabel('Электронная почта').fill(address);
    // The form asks for a whole phone number before it saves.
    const phone = page.getByLabel('Телефон');
    await phone.click();
    await phone.pressSequentially('9781234567');
    await page.locator('button.account-save').click();
    await page.getByText(`Код отправлен на ${address}`).waitFor({ timeout: 15_000 });
    // Until the code is typed, the account keeps its old address.
    expect((await me(token)).email).toBe(fresh.email);
    await screenshot(page, 'profile-email-code');

    const code = await mailedCode(mailDir, address, before);
    await page.getByLabel('Код из письма').fill(code);
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Электронная почта изменена').waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Электронная почта').inputValue()).toBe(address);
    expect((await me(token)).email).toBe(address);
    await screenshot(page, 'profile-email-changed');
    await context.close();
  });

  it("'Выйти из аккаунта' also ends the token on the server", async () => {
    const token = await mintToken(dataDir, DEMO.tourist);
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/about`);
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);
    await page.goto(`${baseUrl}/profile/account`);
    await waitOrExplain(page, page.getByRole('heading', { name: `USER ${DEMO.tourist}` }), 30_000);
    expect((await me(token)).status).toBe(200);
    await page.getByRole('link', { name: 'Выйти из аккаунта' }).click();
    await page.waitForURL(`${baseUrl}/profile/login`);
    await expect.poll(async () => (await me(token)).status, { timeout: 15_000 }).toBe(401);
    // Another device of the same tourist stays signed in.
    expect((await me(await mintToken(dataDir, DEMO.tourist))).status).toBe(200);
    await context.close();
  });

  it('a demoted seller lands on the login screen, which says the admin changed the role', async () => {
    const { access_token: token, user_data: fresh } = await registerOverHttp(baseUrl, mailDir);
    expect(await asAdmin(`/api/users/${fresh.id}/promote-to-seller`)).toBe(200);
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/about`);
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('link', { name: 'Мои экскурсии' }).waitFor({ timeout: 30_000 });

    expect(await asAdmin(`/api/users/${fresh.id}/demote-to-user`)).toBe(200);
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/profile/login`, { timeout: 30_000 });
    await page.getByText('Администратор изменил вашу роль: войдите снова').waitFor({ timeout: 15_000 });
    await screenshot(page, 'login-after-demotion');
    await context.close();
  });
});
