import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPageSchema } from '../../src/protocol/moderation';
import { DEMO } from '../support/api';
import { launchBrowser, openPhone, screenshot } from '../support/browser';
import { newTourist } from '../support/e2e-accounts';
import { product } from '../support/e2e-product';
import { mintToken, signIn } from '../support/session';

// The admin panel's user search against the real product, on a phone: the admin finds a new
// account by its e-mail and makes it a seller from the result.

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

/** The role the server holds for the account at `email`, as the admin's search answers it. */
async function roleOf(email: string): Promise<string | undefined> {
  const token = await mintToken(dataDir, DEMO.admin);
  const response = await fetch(`${baseUrl}/api/admin/users?${new URLSearchParams({ q: email })}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const found = adminUserPageSchema.parse(await response.json());
  return found.users.find((user) => user.email === email)?.role;
}

describe('the admin’s user search', () => {
  it('finds a user by e-mail and makes them a seller from the result', async () => {
    const { user_data: fresh } = await newTourist(baseUrl, mailDir);
    const admin = await openPhone(browser);
    await signIn(admin.context, dataDir, DEMO.admin);
    const page = admin.page;
    await page.goto(`${baseUrl}/profile/admin-panel`);

    // The id form of SPEC §2 stays as it was, the search below it.
    await page.getByLabel('ID пользователя').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Найти пользователя' }).waitFor();
    const box = page.getByLabel('E-mail, имя или ID');
    const results = page.getByRole('list', { name: 'Найденные пользователи' });
    // With nothing typed every user is listed, the admin first.
    await results.getByRole('listitem').first().getByText(`ID ${DEMO.admin}`).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Найти пользователя' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-user-list');

    // Typing goes on past a first, shorter query: only the answer for what is typed in the end shows.
    await box.pressSequentially(fresh.email.slice(0, 4), { delay: 30 });
    await box.fill(fresh.email.toUpperCase());
    await page.getByRole('status').filter({ hasText: 'Найдено: 1' }).waitFor({ timeout: 15_000 });
    const row = results.getByRole('listitem');
    expect(await row.count()).toBe(1);
    await row.getByText(fresh.email).waitFor();
    await row.getByText(`ID ${fresh.id}`).waitFor();
    await row.getByText('Экскурсий: 0').waitFor();
    await row.getByText('Пользователь', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Сделать продавцом' }).click();
    await row.getByRole('status').filter({ hasText: 'Пользователь успешно повышен до продавца' }).waitFor();
    await row.getByText('Продавец', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Сделать пользователем' }).waitFor();
    expect(await roleOf(fresh.email)).toBe('seller');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-user-search');

    // The search is online only: without a network it says so instead of showing old results.
    await admin.context.setOffline(true);
    await box.fill(String(fresh.id));
    await page.getByRole('alert').filter({ hasText: 'Ошибка сети' }).waitFor();
    await admin.context.setOffline(false);
    await results.getByRole('listitem').first().getByText(fresh.email).waitFor({ timeout: 15_000 });
    await admin.context.close();
  });
});
