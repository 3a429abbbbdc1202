import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { freshEmail } from '../support/e2e-accounts';
import { mailCount, mailedCode } from '../support/smtp';
import { product } from '../support/e2e-product';

// The login and registration wizard (SPEC §2, §4, §5, §8) against the real product: real e-mails
// through the test SMTP server, real tokens. Two register/login calls in all (auth rate limit).

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
const boxValues = (page: Page) =>
  codeBoxes(page).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const next = (page: Page) => page.getByRole('button', { name: 'Далее' });

describe('registration through the wizard', () => {
  it('registers with the referrer from the link, confirms the typed code and stays signed in', async () => {
    const { context, page } = await openPhone(browser);
    const email = freshEmail('wizard');
    const password = 'sea-breeze-7';
    await page.goto(`${baseUrl}/profile/login/${DEMO.seller}`);
    await page.getByRole('heading', { name: 'Вы не вошли в аккаунт' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'login-step0-landing');

    await page.getByRole('button', { name: 'Регистрация', exact: true }).click();
    await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
    await page.getByLabel('Пароль', { exact: true }).fill(password);
    await page.getByLabel('Повторите пароль').fill(password);
    await page.getByLabel('Даю согласие на обработку персональных данных').check();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Повторите пароль').fill(`${password}x`);
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Повторите пароль').fill(password);
    await page.getByLabel('Даю согласие на обработку персональных данных').uncheck();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Даю согласие на обработку персональных данных').check();
    expect(await next(page).isEnabled()).toBe(true);
    await screenshot(page, 'login-step1-register');

    const before = await mailCount(mailDir);
    const registerRequest = page.waitForRequest((request) => request.url().endsWith('/auth/register'));
    await next(page).click();
    expect((await registerRequest).postDataJSON()).toEqual({
      login_email: email,
      password,
      refferalOf: DEMO.seller,
    });

    await page.getByText(email, { exact: true }).waitFor();
    expect(await codeBoxes(page).count()).toBe(6);
    expect(await codeBoxes(page).first().getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeBoxes(page).first().getAttribute('inputmode')).toBe('numeric');
    // The first box has focus, so the user just types.
    expect(
      await codeBoxes(page)
        .first()
        .evaluate((box) => box === document.activeElement),
    ).toBe(true);
    const code = await mailedCode(mailDir, email, before);
    // Only digits go in: a letter leaves the box empty and focus where it was.
    await page.keyboard.type('a');
    expect(await boxValues(page)).toEqual(['', '', '', '', '', '']);
    await page.keyboard.type(code.slice(0, 3));
    expect(await boxValues(page)).toEqual([...code.slice(0, 3), '', '', '']);
    await screenshot(page, 'login-step2-code');

    // Backspace on an empty box goes back to the previous one.
    await page.keyboard.press('Backspace');
    expect(
      await codeBoxes(page)
        .nth(2)
        .evaluate((box) => box === document.activeElement),
    ).toBe(true);
    await page.keyboard.type(code.slice(2));

    // No button: the sixth digit submits it.
    await page.getByText('Вы успешно зарегистрировались').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toMatch(
      /^[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    expect(await page.getByRole('button', { name: 'Назад' }).count()).toBe(0);
    await screenshot(page, 'login-step3-registered');

    await page.getByRole('link', { name: 'Перейти в аккаунт' }).click();
    await page.waitForURL(`${baseUrl}/profile/account`);
    await page.reload();
    await page.locator('.topbar').waitFor();
    // Long enough for the background session check to have answered and, had it failed, redirected.
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).pathname).toBe('/profile/account');
    expect(await page.getByText('Вы не вошли в аккаунт').count()).toBe(0);

    // Opening the login page while signed in says so instead of offering the landing.
    await page.goto(`${baseUrl}/profile/login`);
    await page.getByRole('heading', { name: 'Вы уже вошли в аккаунт' }).waitFor();
    expect(await page.getByRole('link', { name: 'Мои данные' }).getAttribute('href')).toBe(
      '/profile/account',
    );
    expect(await page.getByText('Вы не вошли в аккаунт').count()).toBe(0);
    await context.close();
  });
});

describe('login through the wizard', () => {
  it('shows the server error for a wrong code, clears the boxes, then takes the pasted right code', async () => {
    const { context, page } = await openPhone(browser);
    const email = 'tourist@example.ru';
    // A protected page sends the visitor here; after login the wizard offers the way back.
    await page.goto(`${baseUrl}/favorite`);
    await page.waitForURL(`${baseUrl}/profile/login`);
    await page.getByRole('button', { name: 'Вход', exact: true }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill('touri');
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Пароль', { exact: true }).fill('tourist123');
    const before = await mailCount(mailDir);
    await next(page).click();
    await page.getByText(email, { exact: true }).waitFor();

    const code = await mailedCode(mailDir, email, before);
    const wrong = code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
    await codeBoxes(page).first().click();
    await page.keyboard.type(wrong);
    await page.getByRole('alert').filter({ hasText: 'Неверный код' }).waitFor({ timeout: 15_000 });
    expect(await boxValues(page)).toEqual(['', '', '', '', '', '']);
    expect(
      await codeBoxes(page)
        .first()
        .evaluate((box) => box === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'login-step2-wrong-code');

    // A paste that is not six digits clears; the right code pasted fills the boxes and submits.
    const paste = (text: string) =>
      codeBoxes(page)
        .first()
        .evaluate((box, value) => {
          const data = new DataTransfer();
          data.setData('text/plain', value);
          box.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        }, text);
    await codeBoxes(page).first().fill('1');
    await paste('12ab56');
    expect(await boxValues(page)).toEqual(['', '', '', '', '', '']);
    await paste(code);
    await page.getByText('Вы успешно вошли в аккаунт').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    expect(await page.getByRole('link', { name: 'Перейти в аккаунт' }).getAttribute('href')).toBe(
      '/profile/account',
    );
    await page.getByRole('link', { name: 'Вернуться к странице' }).click();
    await page.waitForURL(`${baseUrl}/favorite`);
    await context.close();
  });
});

describe('the login page without a login request', () => {
  it('sends an anonymous visitor of /profile to the login page', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/profile/login`);
    await page.getByRole('heading', { name: 'Вы не вошли в аккаунт' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('shows the phone tab but keeps it disabled, and Назад steps back to the landing', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/profile/login`);
    await page.getByRole('button', { name: 'Вход', exact: true }).click();
    const phone = page.getByRole('tab', { name: 'Телефон' });
    await phone.waitFor();
    expect(await phone.isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'E-mail' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.getByRole('heading', { name: 'Вы не вошли в аккаунт' }).waitFor();
    await context.close();
  });

  it('says a connection is needed when Далее is pressed offline', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${baseUrl}/profile/login`);
    await page.getByRole('button', { name: 'Вход', exact: true }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('tourist@example.ru');
    await page.getByLabel('Пароль', { exact: true }).fill('tourist123');
    await context.setOffline(true);
    await next(page).click();
    await page.getByRole('alert').filter({ hasText: 'Нет подключения к интернету' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Вход' }).count()).toBe(1);
    await screenshot(page, 'login-step1-offline');
    await context.close();
  });
});
