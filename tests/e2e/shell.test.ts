import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDrawn, launchBrowser, openPhone, PHONE, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';

const baseUrl = product('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the app shell on a phone', () => {
  it('shows the top bar, the hero, the footer and the five tabs with Главная active', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(baseUrl);
    await appDrawn(page);
    await page.getByRole('heading', { name: 'Онлайн-сервис экскурсий по Крыму' }).waitFor();

    expect(page.viewportSize()).toEqual(PHONE);
    expect(await page.locator('#side-menu').isHidden()).toBe(true);
    const tabs = page.getByRole('navigation', { name: 'Основные разделы' }).getByRole('link');
    expect(await tabs.allInnerTexts()).toEqual(['Главная', 'Экскурсии', 'Расписание', 'Истории', 'Профиль']);
    expect(await tabs.first().getAttribute('aria-current')).toBe('page');
    await expect
      .poll(() => page.getByRole('link', { name: /Позвонить/ }).getAttribute('href'))
      .toMatch(/^tel:\+7/);
    const footer = page.locator('footer');
    expect(await footer.innerText()).toContain('ООО «Крым Экскурсии»');
    for (const name of ['О нас', 'Контакты', 'Исторические места', 'VK', 'Rutube', 'YouTube', 'Telegram']) {
      expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    // The tab bar stays on screen at the bottom of a phone viewport.
    const bar = await page.getByRole('navigation', { name: 'Основные разделы' }).boundingBox();
    expect(bar && Math.round(bar.y + bar.height)).toBe(PHONE.height);

    await screenshot(page, 'shell-home');
    await context.close();
  });

  it('opens and closes the side menu from the menu toggle', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(baseUrl);
    await appDrawn(page);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.locator('#side-menu');
    await menu.getByRole('link', { name: 'О нас' }).waitFor();
    await screenshot(page, 'shell-menu');
    await page.getByRole('button', { name: 'Закрыть меню' }).click();
    expect(await menu.isHidden()).toBe(true);
    await context.close();
  });
});
