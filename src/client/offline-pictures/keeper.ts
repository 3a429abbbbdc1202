import { liveQuery } from 'dexie';
import { hasSynced } from '../db/queries/account';
import { replicaDb } from '../db/schema';
import { updateStatus } from '../sync/engine/status';
import { browserConnection, dataIsMetered, watchActivity, type Activity } from './activity';
import { forgetPictures, rememberCatalogue, rememberedCatalogue } from './budget';
import { KEEP_HEADER, MEDIA_CACHE, STORAGE_FULL_MESSAGE } from './names';
import {
  cardPictures,
  catalogueIds,
  departedIds,
  mediaIdOf,
  tripPictures,
  type CatalogueRows,
  type Picture,
} from './plan';
import { fetchPictures, StorageFullError, type QueueProgress } from './queue';
import { measurePictures } from './sizes';
import { setKeeperState } from './state';

// Keeps the catalogue's pictures in the worker's media cache, from the page: the page knows when the
// tourist is busy and shows the download's progress, and every fetch goes through the worker, which
// stores it (sw/sw.ts). Started once the worker controls the page (start.ts); from then on each
// change of the catalogue in the replica re-plans: pictures of excursions that left are evicted, new
// ones fetched.
//
//   catalogue changes ─► evict departed ─► online? ─► trip chosen ─► cards + trip, at once
//                                                  └► not metered ─► cards, only while the page is quiet
//                                                  └► metered (Save-Data, cellular) ─► nothing

/** Pictures in flight at once: a few, so a screen's own pictures still get the connection. */
export const CONCURRENCY = 3;
/** A burst of catalogue changes (a sync) is planned once, after it settles. */
const SETTLE_MS = 2_000;
const TRIP_KEY = 'offline-pictures-trip';

let rows: CatalogueRows | undefined;
let running: AbortController | undefined;
/** The catalogue changed while a run was going: its plan is old, so another follows it. */
let replanAfterRun = false;
let storageFull = false;
let activity: Activity | undefined;

const tripChosen = () => localStorage.getItem(TRIP_KEY) === '1';

async function missing(pictures: readonly Picture[]): Promise<Picture[]> {
  const cache = await caches.open(MEDIA_CACHE);
  const cached = await Promise.all(
    pictures.map(async (one) => Boolean(await cache.match(one.url, { ignoreVary: true }))),
  );
  return pictures.filter((_, index) => !cached[index]);
}

async function fetchOne(url: string, signal: AbortSignal): Promise<number> {
  const response = await fetch(url, { headers: { [KEEP_HEADER]: '1' }, signal });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  // The worker said the browser refused to store a picture: the queue stops here.
  if (storageFull) throw new StorageFullError();
  return bytes;
}

async function evictDeparted(current: CatalogueRows): Promise<void> {
  const now = catalogueIds(current);
  const gone = new Set(departedIds(await rememberedCatalogue(), now));
  if (gone.size > 0) {
    const cache = await caches.open(MEDIA_CACHE);
    const dropped: string[] = [];
    for (const request of await cache.keys()) {
      const id = mediaIdOf(request.url);
      if (id !== null && gone.has(id)) {
        await cache.delete(request);
        dropped.push(request.url);
      }
    }
    await forgetPictures(dropped);
  }
  await rememberCatalogue(now);
}

function picturesFor(mode: 'cards' | 'trip', current: CatalogueRows): Picture[] {
  return mode === 'trip' ? [...cardPictures(current), ...tripPictures(current)] : cardPictures(current);
}

async function run(mode: 'cards' | 'trip'): Promise<void> {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const current = rows ?? (await readCatalogue());
  if (controller.signal.aborted) return;
  if (!current) {
    running = undefined;
    return;
  }
  storageFull = false;
  const empty: QueueProgress = { done: 0, failed: 0, total: 0, bytes: 0 };
  setKeeperState({ mode, phase: 'running', progress: empty });
  const urls = (await missing(picturesFor(mode, current))).map((one) => one.url);
  if (controller.signal.aborted) return;
  setKeeperState({ progress: { ...empty, total: urls.length } });
  const result = await fetchPictures(urls, {
    concurrency: CONCURRENCY,
    fetchOne,
    // The download the tourist asked for runs at once; pictures nobody asked for wait for quiet.
    whenIdle: mode === 'cards' && activity ? (signal) => (activity as Activity).whenQuiet(signal) : undefined,
    onProgress: (progress) => {
      if (running === controller) setKeeperState({ progress });
    },
    signal: controller.signal,
  });
  if (running !== controller) return;
  running = undefined;
  if (result.storageFull) setKeeperState({ phase: 'full', progress: result });
  else setKeeperState({ phase: result.stopped ? 'stopped' : 'done', progress: result });
  // An excursion added during the run has pictures its plan did not hold: a download that ended
  // would otherwise leave them out until the next change, and the offer would still ask for them.
  if (replanAfterRun && !result.stopped) void refresh();
}

/** A run that failed outright (the cache could not be opened) ends as stopped; the next start retries. */
async function runSafely(mode: 'cards' | 'trip'): Promise<void> {
  try {
    await run(mode);
  } catch {
    running = undefined;
    setKeeperState({ phase: 'stopped' });
  }
}

/** Re-plans from the catalogue now in the replica. */
async function refresh(): Promise<void> {
  const current = rows;
  if (!current) return;
  await evictDeparted(current).catch(() => undefined);
  if (!navigator.onLine) return;
  replanAfterRun = Boolean(running);
  if (running) return;
  const metered = dataIsMetered(browserConnection());
  setKeeperState({ metered, tripChosen: tripChosen() });
  if (tripChosen()) await runSafely('trip');
  else if (!metered) await runSafely('cards');
}

/** The tourist's bigger download: every cover and gallery picture, with progress, until stopped. */
export function downloadForTrip(): void {
  localStorage.setItem(TRIP_KEY, '1');
  setKeeperState({ tripChosen: true });
  // Offline, the 'online' event starts it (refresh).
  if (navigator.onLine) void runSafely('trip');
}

/** Stops the download; the pictures already kept stay, and nothing more is fetched on its behalf. */
export function stopDownload(): void {
  localStorage.removeItem(TRIP_KEY);
  running?.abort();
  running = undefined;
  setKeeperState({ tripChosen: false, phase: 'stopped' });
}

export interface TripOffer {
  /** Pictures still to fetch for the trip. */
  count: number;
  /** Their bytes, as the server will send them. */
  bytes: number;
}

/** What the trip download would fetch now, measured by the server; null when it cannot say (offline). */
export async function tripOffer(): Promise<TripOffer | null> {
  const current = rows ?? (await readCatalogue());
  if (!current) return null;
  const wanted = await missing(picturesFor('trip', current));
  const sizes = await measurePictures(wanted);
  if (!sizes) return null;
  // A picture the server no longer has (its excursion changed since the last sync) cannot be fetched:
  // it is neither offered nor counted as missing, so a finished download says it is finished.
  const known = wanted.filter((one) => sizes.has(one.url));
  return { count: known.length, bytes: known.reduce((sum, one) => sum + (sizes.get(one.url) ?? 0), 0) };
}

async function readCatalogue(): Promise<CatalogueRows | undefined> {
  const db = replicaDb();
  if (!(await hasSynced(db))) return undefined;
  const [excursions, places, cities, banners] = await Promise.all([
    db.excursions.toArray(),
    db.places.toArray(),
    db.cities.toArray(),
    db.banners.toArray(),
  ]);
  return { excursions, places, cities, banners };
}

let started = false;

/** Starts keeping pictures: called once the worker controls the page. */
export function startKeeping(): void {
  if (started) return;
  started = true;
  activity = watchActivity();
  setKeeperState({ tripChosen: tripChosen(), metered: dataIsMetered(browserConnection()) });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: string } | null)?.type !== STORAGE_FULL_MESSAGE) return;
    // Whatever was being stored (a download's picture or one a screen showed): shown at the top of
    // the screen like the replica's own quota errors, and a download in progress stops.
    void updateStatus(replicaDb(), { storageFull: true }).catch(() => undefined);
    storageFull = true;
  });
  window.addEventListener('online', () => void refresh());
  let timer: ReturnType<typeof setTimeout> | undefined;
  liveQuery(readCatalogue).subscribe({
    next: (next) => {
      if (!next) return;
      rows = next;
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), SETTLE_MS);
    },
    error: () => undefined,
  });
}
