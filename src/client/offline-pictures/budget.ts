import type { WorkboxPlugin } from 'workbox-core/types.js';
import { overBudget, type BudgetEntry } from './plan';

// The media cache's ledger, in IndexedDB: each cached picture's size and when a screen last showed
// it. The worker writes it as it stores and serves pictures and drops the least recently used ones
// once the cache is over its cap; the page removes the rows of pictures it evicts itself and keeps
// here which media ids the catalogue named last time (to tell which pictures left it). The Cache API
// keeps neither sizes nor use times, hence this ledger.

const DB_NAME = 'media-budget';
const ENTRIES = 'entries';
const META = 'meta';
const CATALOGUE_KEY = 'catalogue-ids';
/** A picture shown again within this time is not written down again: one write per picture a minute. */
const TOUCH_EVERY_MS = 60_000;

let opening: Promise<IDBDatabase> | undefined;

function openLedger(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(ENTRIES, { keyPath: 'url' });
      request.result.createObjectStore(META);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('media ledger did not open'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Runs `work` in one transaction and resolves with its result once the transaction commits. */
async function inLedger<T>(
  mode: IDBTransactionMode,
  store: string,
  work: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  const db = await openLedger();
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    let result: T | undefined;
    const request = work(tx.objectStore(store));
    if (request)
      request.onsuccess = () => {
        result = request.result;
      };
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error ?? new Error('media ledger failed'));
    tx.onabort = () => reject(tx.error ?? new Error('media ledger aborted'));
  });
}

async function ledgerEntries(): Promise<BudgetEntry[]> {
  return (await inLedger<BudgetEntry[]>('readonly', ENTRIES, (store) => store.getAll())) ?? [];
}

/** Forgets pictures the page removed from the media cache. */
export async function forgetPictures(urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await inLedger('readwrite', ENTRIES, (store) => {
    for (const url of urls) store.delete(url);
  });
}

/** The media ids the catalogue named when the page last looked. */
export async function rememberedCatalogue(): Promise<string[]> {
  const ids = await inLedger<unknown>('readonly', META, (store) => store.get(CATALOGUE_KEY));
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

export async function rememberCatalogue(ids: readonly string[]): Promise<void> {
  await inLedger('readwrite', META, (store) => {
    store.put([...ids], CATALOGUE_KEY);
  });
}

/** Drops the least recently used pictures until the cache fits in `maxBytes`. */
async function trim(cacheName: string, maxBytes: number): Promise<void> {
  const victims = overBudget(await ledgerEntries(), maxBytes);
  if (victims.length === 0) return;
  const cache = await caches.open(cacheName);
  for (const victim of victims) await cache.delete(victim.url, { ignoreVary: true, ignoreSearch: false });
  await forgetPictures(victims.map((victim) => victim.url));
}

async function touch(url: string, now: number): Promise<void> {
  await inLedger('readwrite', ENTRIES, (store) => {
    const read = store.get(url);
    read.onsuccess = () => {
      const entry = read.result as BudgetEntry | undefined;
      if (entry && now - entry.usedAt >= TOUCH_EVERY_MS) store.put({ ...entry, usedAt: now });
    };
  });
}

/**
 * The worker's plugin for the media cache: writes each stored picture's size, marks a picture as
 * used whenever a screen is answered from the cache, and keeps the whole cache under `maxBytes`. A
 * failure of the ledger never fails a picture: the screen gets it anyway.
 */
export function mediaBudget(cacheName: string, maxBytes: number): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ request, newResponse }) => {
      try {
        const stated = Number(newResponse.headers.get('Content-Length'));
        const bytes = stated > 0 ? stated : (await newResponse.clone().arrayBuffer()).byteLength;
        const entry: BudgetEntry = { url: request.url, bytes, usedAt: Date.now() };
        await inLedger('readwrite', ENTRIES, (store) => store.put(entry));
        await trim(cacheName, maxBytes);
      } catch {
        // Unrecorded, the picture stays until the ledger can trim it next time: never lost.
      }
    },
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
      if (cachedResponse) await touch(request.url, Date.now()).catch(() => undefined);
      return cachedResponse ?? null;
    },
  };
}
