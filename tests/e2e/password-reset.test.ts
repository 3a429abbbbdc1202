import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { freshEmail, registerOverHttp } from '../support/e2e-accounts';
import { mailCount, mailedCode } from '../support/smtp';
import { product } from '../support/e2e-product';

// 'Забыли пароль?' on a phone against the real product: the code comes from the e-mail the product
// really sent, the new password signs the phone in, and the account's older tokens stop working.
// The account is a fresh one: other files sign in with the demo accounts' passwords.

const baseUrl = product('baseUrl');
const mailDir = product('mailDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const codeBoxes = (page: Page) => page.getByRole('group', { name: 'Код из письма' }).locator('input');

async function meStatus(token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

describe('password reset through the login screen', () => {
  it('mails a code, sets the new password with it, signs in and ends the old sessions', async () => {
    const email = freshEmail('forgot');
    const old = await registerOverHttp(baseUrl, mailDir, email, 'old-secret-1');
    expect(await meStatus(old.access_token)).toBe(200);

    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/profile/login`);
    await page.getByRole('button', { name: 'Вход', exact: true }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await screenshot(page, 'password-reset-link');
    await page.getByRole('button', { name: 'Забыли пароль?' }).click();
    await page.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
    // The e-mail typed on the login step is kept.
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(email);

    // Offline the screen says the reset needs the network.
    await context.setOffline(true);
    await page.getByText('Восстановление пароля работает только онлайн', { exact: false }).waitFor();
    await context.setOffline(false);
    await page
      .getByText('Восстановление пароля работает только онлайн', { exact: false })
      .waitFor({ state: 'detached' });
    await screenshot(page, 'password-reset-email');

    const before = await mailCount(mailDir);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByText(email, { exact: true }).waitFor();
    expect(await codeBoxes(page).count()).toBe(6);
    const code = await mailedCode(mailDir, email, before);

    const submit = page.getByRole('button', { name: 'Сменить пароль' });
    expect(await submit.isDisabled()).toBe(true);
    // A wrong code is refused with the server's text and cleared; the new password stays typed.
    await codeBoxes(page).first().click();
    await page.keyboard.type(code === '000000' ? '111111' : '000000');
    await page.getByLabel('Новый пароль', { exact: true }).fill('new-secret-2');
    await page.getByLabel('Повторите новый пароль').fill('new-secret-2');
    await submit.click();
    await page.getByRole('alert').getByText('Неверный код').waitFor();
    expect(await page.getByLabel('Новый пароль', { exact: true }).inputValue()).toBe('new-secret-2');
    await screenshot(page, 'password-reset-wrong-code');

    await codeBoxes(page).first().click();
    await page.keyboard.type(code);
    await screenshot(page, 'password-reset-code');
    await submit.click();
    await page.getByRole('heading', { name: 'Пароль изменён, вы вошли в аккаунт' }).waitFor();
    await screenshot(page, 'password-reset-done');

    // The phone holds a fresh token; the one from before the reset is refused.
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(token).toBeTruthy();
    expect(token).not.toBe(old.access_token);
    expect(await meStatus(token as string)).toBe(200);
    expect(await meStatus(old.access_token)).toBe(401);
    await context.close();
  });
});
