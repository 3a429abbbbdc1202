import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './process';

// Debian's Chromium driven by playwright-core; no test downloads a browser.

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 } as const;
export const SCREENSHOT_DIR = join(ROOT, 'tests/e2e/screenshots');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function assertBrowserInstalled(): void {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROME_PATH}. Install it with: apt-get update && apt-get install -y chromium ` +
        '(or set CHROME_PATH to a Chromium binary).',
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  assertBrowserInstalled();
  return chromium.launch({ executablePath: CHROME_PATH, args: FLAGS, headless: true });
}

/** A fresh phone-sized context (390×844, touch, Russian locale) and a page in it. */
export async function openPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    timezoneId: 'Europe/Simferopol',
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}
