import type { Page } from 'playwright-core';
import { SORT_TAB_LABELS } from '../../src/domain/strings';
import { ROOT } from '../support/process';
import { bundleForBrowser, launchPhone, onlyPage, serveFiles, startBenchServer, type Phone } from './browser';
import { median } from './stats';

// The replica in a real browser. The app's own apply code (src/client/sync/pull/apply,
// the Dexie schema of src/client/db) is bundled by Vite and run in Chromium's IndexedDB:
// - a first sync of 5,000 excursions and 100,000 tours, in the server's first-sync order (tours last,
//   grouped by excursion), in pages of PAGE_SIZE changes, each page one
//   transaction with its cursor, exactly as pullAll applies them, and where the app's pulls run: in a
//   dedicated worker, straight through (src/client/sync/pull/pull-worker.ts);
// - the same kind of rows applied one transaction each, the way a socket delta is applied, on an even
//   sample of 5,000 of those changes, extrapolated per row to the whole catalogue;
// - in the real app, with the replica filled by the same code, a sort-tab click timed until the
//   list's first card is another one.

const ENTRY = `
import { ReplicaDb } from '${ROOT}/src/client/db/schema';
import { applyChanges } from '${ROOT}/src/client/sync/pull/apply';
import { PAGE_SIZE } from '${ROOT}/src/client/boot/first-page';
import { runStraightThrough } from '${ROOT}/src/client/yield';
import { addDays, crimeaToday } from '${ROOT}/src/domain/dates';
import { bigCatalogue, firstSyncCursor, firstSyncOrder } from '${ROOT}/tests/bench/replica-apply';

// Tours from today on, so the 'nearest' sort has something to sort by; in the order a first sync
// brings them (tours last, grouped by excursion: the server's tour snapshot).
function catalogue(excursions, tours) {
  const today = crimeaToday(new Date());
  return firstSyncOrder(bigCatalogue(excursions, tours).map((change, i) =>
    change.collection === 'tours' ? { ...change, row: { ...change.row, date: addDays(today, i % 60) } } : change,
  ));
}

async function fresh(name) {
  await new ReplicaDb(name).delete();
  const db = new ReplicaDb(name);
  await db.open();
  return db;
}

/** A first sync: pages of PAGE_SIZE changes, each one transaction with its cursor. */
export async function bulk(name, excursions, tours) {
  const changes = catalogue(excursions, tours);
  const db = await fresh(name);
  const started = performance.now();
  let pages = 0;
  for (let i = 0; i < changes.length; i += PAGE_SIZE) {
    const page = changes.slice(i, i + PAGE_SIZE);
    await applyChanges(db, page, firstSyncCursor(i + PAGE_SIZE, changes.length, changes.length));
    pages += 1;
  }
  const ms = performance.now() - started;
  const stored = { excursions: await db.excursions.count(), tours: await db.tours.count() };
  db.close();
  return { ms, pages, ...stored };
}

/** Every 'every'-th change of the same catalogue, applied one transaction each (a socket delta's path). */
export async function perRow(name, excursions, tours, every) {
  const sample = catalogue(excursions, tours).filter((_, i) => i % every === 0);
  const db = await fresh(name);
  await applyChanges(db, [], 'v1.0.0');
  const started = performance.now();
  for (const change of sample) await applyChanges(db, [change]);
  const ms = performance.now() - started;
  const stored = (await db.excursions.count()) + (await db.tours.count());
  db.close();
  return { ms, rows: sample.length, stored };
}

export async function drop(name) {
  await new ReplicaDb(name).delete();
}

// Loaded as a worker's script, it runs as the pull worker does and answers [function, args] messages.
if (typeof WorkerGlobalScope !== 'undefined') {
  runStraightThrough();
  const api = { bulk, perRow, drop };
  self.onmessage = async (event) => {
    const [fn, args] = event.data;
    try {
      self.postMessage({ ok: await api[fn](...args) });
    } catch (error) {
      self.postMessage({ error: String(error) });
    }
  };
}
`;

export interface BrowserReplicaResult {
  excursions: number;
  tours: number;
  pages: number;
  bulkMs: number;
  /** Rows written one transaction each, and how long they took. */
  sampleRows: number;
  sampleMs: number;
  perRowMsExtrapolated: number;
  ratio: number;
  /** Median and slowest sort-tab change on the /excursions list of 5,000 excursions. */
  resortMs: number;
  resortMaxMs: number;
  resortRuns: number[];
}

const EXCURSIONS = 5000;
const TOURS = 100_000;
/** One change in 21 of 105,000: a 5,000-row sample for the one-transaction-per-row baseline. */
const SAMPLE_EVERY = 21;

type Bench = Record<string, (...args: unknown[]) => Promise<unknown>>;

function call<T>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([fn, rest]) =>
      (window as unknown as { krymBench: Bench }).krymBench[fn as string]?.(...(rest as unknown[])),
    [name, args] as const,
  ) as Promise<T>;
}

/** Calls the bench's function in a dedicated worker running the same script (started on first use). */
function callInWorker<T>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([fn, rest]) =>
      new Promise<unknown>((resolve, reject) => {
        const scope = window as unknown as { benchWorker?: Worker };
        const worker = (scope.benchWorker ??= new Worker('/bench.js'));
        worker.onmessage = (event: MessageEvent<{ ok?: unknown; error?: string }>) =>
          event.data.error === undefined ? resolve(event.data.ok) : reject(new Error(event.data.error));
        worker.postMessage([fn, rest]);
      }),
    [name, args] as const,
  ) as Promise<T>;
}

async function benchApply(phone: Phone, script: string) {
  const files = await serveFiles({
    '/': ['text/html; charset=utf-8', '<!doctype html><title>bench</title><script src="/bench.js"></script>'],
    '/bench.js': ['text/javascript', script],
  });
  try {
    const page = await onlyPage(phone.context);
    await page.goto(files.url);
    const bulk = await callInWorker<{ ms: number; pages: number; excursions: number; tours: number }>(
      page,
      'bulk',
      'bench-bulk',
      EXCURSIONS,
      TOURS,
    );
    if (bulk.excursions !== EXCURSIONS || bulk.tours !== TOURS)
      throw new Error(`the replica holds ${bulk.excursions} excursions and ${bulk.tours} tours`);
    await callInWorker(page, 'drop', 'bench-bulk');
    const rows = await call<{ ms: number; rows: number; stored: number }>(
      page,
      'perRow',
      'bench-rows',
      EXCURSIONS,
      TOURS,
      SAMPLE_EVERY,
    );
    if (rows.stored !== rows.rows) throw new Error(`${rows.stored} of ${rows.rows} rows were stored`);
    await call(page, 'drop', 'bench-rows');
    await page.close();
    return { bulk, rows };
  } finally {
    await files.close();
  }
}

// In-page code as a string: tsx would wrap named inner functions in a helper the page lacks.
const RESORT = `(label) => new Promise((resolve) => {
  const panel = document.getElementById('excursions-panel');
  const first = () => panel.querySelector('.excursion-card h3')?.textContent ?? '';
  const before = first();
  const tab = [...document.querySelectorAll('[role="tab"]')].find((b) => b.textContent === label);
  const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 20000);
  const observer = new MutationObserver(() => {
    if (first() === before) return;
    const ms = performance.now() - started;
    observer.disconnect();
    clearTimeout(timer);
    resolve(ms);
  });
  observer.observe(panel, { childList: true, subtree: true, characterData: true });
  const started = performance.now();
  tab.click();
})`;

async function benchResort(phone: Phone, script: string): Promise<number[]> {
  const app = await startBenchServer();
  try {
    const page = await onlyPage(phone.context);
    // The bundle runs on the app's origin (so it fills the app's own database) from a blank page.
    await page.route(`${app.url}/__bench`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>bench</title><script>${script.replaceAll('</script', '<\\/script')}</script>`,
      }),
    );
    // The server does not hold this catalogue: its pulls must not reset the replica the bench filled.
    await page.route(`${app.url}/api/sync**`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.url}/__bench`);
    await call(page, 'bulk', 'krym-excursions', EXCURSIONS, TOURS);

    await page.goto(`${app.url}/excursions`);
    // The count above the list says the whole replica is listed; the list itself may render only
    // its first cards (a windowed list), which is all a sort-tab change has to redo.
    await page
      .locator('.excursions-page .list-count', { hasText: `${EXCURSIONS} ` })
      .waitFor({ timeout: 180_000 });
    await page.locator('#excursions-panel .excursion-card').first().waitFor({ timeout: 180_000 });
    const runs: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const key of ['popular', 'cheaper', 'pricier', 'nearest'] as const) {
        const ms = await page.evaluate(`(${RESORT})(${JSON.stringify(SORT_TAB_LABELS[key])})`);
        if (typeof ms !== 'number') throw new Error(`the first card did not change on '${key}'`);
        runs.push(ms);
        await page.waitForTimeout(300);
      }
    }
    await page.close();
    return runs;
  } finally {
    await app.stop();
  }
}

export async function benchBrowserReplica(): Promise<BrowserReplicaResult> {
  const script = await bundleForBrowser(ENTRY);
  const phone = await launchPhone();
  try {
    const { bulk, rows } = await benchApply(phone, script);
    const resortRuns = await benchResort(phone, script);
    const perRowMs = rows.ms / rows.rows;
    const perRowMsExtrapolated = perRowMs * (EXCURSIONS + TOURS);
    return {
      excursions: bulk.excursions,
      tours: bulk.tours,
      pages: bulk.pages,
      bulkMs: bulk.ms,
      sampleRows: rows.rows,
      sampleMs: rows.ms,
      perRowMsExtrapolated,
      ratio: perRowMsExtrapolated / bulk.ms,
      resortMs: median(resortRuns),
      resortMaxMs: Math.max(...resortRuns),
      resortRuns,
    };
  } finally {
    await phone.close();
  }
}
