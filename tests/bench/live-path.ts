import type { Excursion } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { launchPhone, onlyPage, startBenchServer, waitForSync } from './browser';
import { median, percentile } from './stats';

// The live path: a seller creates a tour through the API while a tourist has the
// schedule (/schedule, the departures of the days shown, SPEC §2 'Schedule') open in Chromium. Timed
// from just before the POST to the moment the page's document holds the new departure. The page
// reports its own Date.now() from a MutationObserver; Node and Chromium read the same machine clock.

export interface LivePathResult {
  tours: number;
  medianMs: number;
  p95Ms: number;
  runs: number[];
}

// In-page code as a string: tsx would wrap named inner functions in a helper the page lacks. Each
// departure row is keyed by its excursion link and its date-time, unique per tour on the server.
const WATCH_ROWS = `(() => {
  const seen = new Set();
  const scan = () => {
    for (const time of document.querySelectorAll('.schedule-day .tour-row-time')) {
      const key = time.closest('a')?.getAttribute('href') + ' ' + time.getAttribute('datetime');
      if (seen.has(key)) continue;
      seen.add(key);
      window.benchRowShown(key, Date.now());
    }
  };
  scan();
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

export async function benchLivePath(count = 20): Promise<LivePathResult> {
  const app = await startBenchServer();
  const phone = await launchPhone();
  try {
    const seller = await app.server.tokens.sign({ userId: DEMO.seller, tokenVersion: 0 });
    const response = await fetch(`${app.url}/api/excursions`);
    const { excursions } = (await response.json()) as { excursions: Excursion[] };
    const excursion = excursions.find((e) => e.ownerID === DEMO.seller);
    if (!excursion) throw new Error('the demo seller has no excursion');

    const waiters = new Map<string, (at: number) => void>();
    await phone.context.exposeFunction('benchRowShown', (key: string, at: number) => {
      waiters.get(key)?.(at);
    });
    const page = await onlyPage(phone.context);
    await page.goto(`${app.url}/schedule`);
    await waitForSync(page, true);
    await page.locator('.schedule-day .tour-row-time').first().waitFor({ timeout: 30_000 });
    await page.evaluate(WATCH_ROWS);
    // The last day shown is always ahead of now, so a departure on it is never refused as past.
    const days = await page
      .locator('.schedule-day .tour-row-time')
      .evaluateAll((times) => times.map((time) => (time.getAttribute('datetime') ?? '').slice(0, 10)));
    const day = days.sort().at(-1);
    if (!day) throw new Error('the schedule shows no day');

    const createAndSee = async (minute: number): Promise<number> => {
      const time = `05:${String(minute).padStart(2, '0')}`;
      const key = `/excursion/${excursion._id} ${day}T${time}`;
      const seen = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${key} was not shown within 30 s`)), 30_000);
        waiters.set(key, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const startedAt = Date.now();
      const created = await fetch(`${app.url}/api/tours`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seller}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ tours: [{ excursionID: excursion._id, date: day, time }] }),
      });
      if (!created.ok) throw new Error(`POST /api/tours: ${created.status} ${await created.text()}`);
      const at = await seen;
      waiters.delete(key);
      return at - startedAt;
    };

    // One unmeasured tour first: the socket and every code path of the page are warm, as in use.
    await createAndSee(0);
    const runs: number[] = [];
    for (let i = 1; i <= count; i++) {
      runs.push(await createAndSee(i));
      await page.waitForTimeout(200);
    }
    await page.close();
    return { tours: runs.length, medianMs: median(runs), p95Ms: percentile(runs, 95), runs };
  } finally {
    await phone.close();
    await app.stop();
  }
}
