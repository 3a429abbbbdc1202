import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { startProduct } from '../tests/support/process';
import { SCREENSHOTS } from './vite/pwa';

// The manifest's screenshots (scripts/vite/pwa.ts SCREENSHOTS), drawn from the app itself so the
// install sheet shows the app as it is. Run after a change to the screens they show, and commit
// public/screenshots/:
//
//   node --import tsx scripts/screenshots.ts                         the demo app, started here
//   node --import tsx scripts/screenshots.ts http://127.0.0.1:8080   an app already running
//
// Started here, the app is `npm start`'s (it builds the client when the build is stale) on a fresh
// data folder with the demo's data, and stops when the pictures are drawn.

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, 'public/screenshots');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** The longest the app may take to start (a build included) and a screen to show its cards. */
const START_MS = 180_000;
const SCREEN_MS = 30_000;

interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

/** `npm start` on a data folder of its own, with the demo's data (tests/support/process.ts). */
async function startDemoApp(): Promise<RunningApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-screenshots-'));
  const product = await startProduct({ DATA_DIR: dataDir, DEMO_DATA: 'on', LOG_LEVEL: 'error' }, START_MS);
  return {
    url: product.url,
    stop: async () => {
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One screenshot: the screen at its size, once the app has drawn it with its cards and pictures. */
async function shoot(browser: Browser, baseUrl: string, shot: (typeof SCREENSHOTS)[number]): Promise<void> {
  const narrow = shot.form_factor === 'narrow';
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: 1,
    isMobile: narrow,
    hasTouch: narrow,
    locale: 'ru-RU',
    timezoneId: 'Europe/Simferopol',
    // No service worker: its "ready to work offline" notice would be in the picture.
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto(new URL(shot.path, baseUrl).href);
  await page.locator('.excursion-card img').first().waitFor({ timeout: SCREEN_MS });
  // Every picture on the screen has arrived (ones further down load lazily, and are not in the shot).
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => {
        const box = image.getBoundingClientRect();
        const onScreen = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        return !onScreen || (image.complete && image.naturalWidth > 0);
      }),
    null,
    { timeout: SCREEN_MS },
  );
  // The entrance animation and any image fade settle before the picture.
  await page.waitForTimeout(1_000);
  const png = await page.screenshot({ type: 'png' });
  // A palette PNG: a fraction of the size, and an install sheet shows it small.
  const packed = await sharp(png).png({ palette: true, quality: 90, effort: 10 }).toBuffer();
  await writeFile(join(OUT_DIR, shot.src.split('/').pop() ?? 'screenshot.png'), packed);
  await context.close();
  process.stdout.write(`${shot.src}: ${shot.width}×${shot.height}, ${Math.round(packed.length / 1024)} KB\n`);
}

async function main(): Promise<void> {
  const given = process.argv[2];
  const app: RunningApp = given ? { url: given, stop: async () => undefined } : await startDemoApp();
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    headless: true,
  });
  try {
    await mkdir(OUT_DIR, { recursive: true });
    for (const shot of SCREENSHOTS) await shoot(browser, app.url, shot);
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
