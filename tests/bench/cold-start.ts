import type { BrowserContext } from 'playwright-core';
import { launchPhone, onlyPage, startBenchServer, waitForSync } from './browser';
import { median } from './stats';
import { firstCardWatch } from '../support/browser';

// Offline cold start. One online visit installs the service worker and fills the
// replica; then /excursions is opened in a new page, offline and online in turn, and timed from the
// navigation's start (performance.timeOrigin) to the moment the first excursion card of the list is in
// the document with a box on screen. A MutationObserver installed before any app script sees it right
// after the task that inserted it. Between loads the page is closed and the service worker stopped, so
// each load also starts the worker, as a phone's does after the app has been in the background.

export const FIRST_CARD = '#excursions-panel .excursion-card';

export interface ColdStartResult {
  offlineMedianMs: number;
  onlineMedianMs: number;
  offlineMs: number[];
  onlineMs: number[];
  /** Medians of the offline loads' phases, to see where the time goes. */
  offlineHtmlMedianMs: number;
  offlineDomContentLoadedMedianMs: number;
}

interface LoadTimes {
  /** Navigation start to the first card in the document with a box. */
  cardMs: number;
  /** Navigation start to the worker answering the HTML (starting the worker included). */
  htmlMs: number;
  domContentLoadedMs: number;
}

/** Stops every service worker of the browser (CDP), so the next navigation starts it afresh. */
async function stopServiceWorkers(context: BrowserContext): Promise<void> {
  const page = await onlyPage(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await page.close();
}

async function loadOnce(context: BrowserContext, url: string, offline: boolean): Promise<LoadTimes> {
  // Network first, then the worker: Playwright's setOffline hangs while a stopped worker is listed.
  await context.setOffline(offline);
  await stopServiceWorkers(context);
  const page = await context.newPage();
  try {
    await page.addInitScript(firstCardWatch(FIRST_CARD));
    await page.goto(`${url}/excursions`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const seen = await page.evaluate(() => {
        const card = (window as { __firstCardAt?: number }).__firstCardAt;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        if (card === undefined || !nav) return null;
        return {
          cardMs: card,
          htmlMs: nav.responseEnd,
          domContentLoadedMs: nav.domContentLoadedEventEnd,
          controlled: navigator.serviceWorker.controller !== null,
        };
      });
      if (seen) {
        if (!seen.controlled) throw new Error('the page was not served by the service worker');
        return seen;
      }
      if (Date.now() > deadline) throw new Error(`no excursion card within 30 s (offline: ${offline})`);
      await page.waitForTimeout(50);
    }
  } finally {
    await page.close();
    await context.setOffline(false);
  }
}

export async function benchColdStart(runs = 5): Promise<ColdStartResult> {
  const app = await startBenchServer();
  const phone = await launchPhone();
  try {
    // The one online visit: the worker takes control and the first pull completes.
    const page = await onlyPage(phone.context);
    await page.goto(`${app.url}/excursions`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 60_000,
      polling: 100,
    });
    await waitForSync(page);
    await page.locator(FIRST_CARD).first().waitFor({ timeout: 30_000 });
    await page.close();

    // One unmeasured load each way warms the disk cache of the profile, as any earlier use would.
    await loadOnce(phone.context, app.url, true);
    await loadOnce(phone.context, app.url, false);
    const offline: LoadTimes[] = [];
    const online: LoadTimes[] = [];
    // Interleaved, so a slow spell of the shared machine weighs on both series alike.
    for (let i = 0; i < runs; i++) {
      offline.push(await loadOnce(phone.context, app.url, true));
      online.push(await loadOnce(phone.context, app.url, false));
    }
    const offlineMs = offline.map((load) => load.cardMs);
    const onlineMs = online.map((load) => load.cardMs);
    return {
      offlineMedianMs: median(offlineMs),
      onlineMedianMs: median(onlineMs),
      offlineMs,
      onlineMs,
      offlineHtmlMedianMs: median(offline.map((load) => load.htmlMs)),
      offlineDomContentLoadedMedianMs: median(offline.map((load) => load.domContentLoadedMs)),
    };
  } finally {
    await phone.close();
    await app.stop();
  }
}
