import { readSession } from '../commands/session';

// A first visit's catalogue, asked for as soon as the app's first script runs. Otherwise the request
// waits for the screen's code, the database and the sync engine's own code to load one after another:
// on a slow mobile network that chain is most of the time before the first excursion shows. Only an
// anonymous visitor whose replica was never filled asks early (a signed-in one's first page carries
// private rows and needs the token; a returning one has a cursor and asks for changes only); the
// sync engine takes the answer as its first page, once, and asks for every later page itself.
// Plain fetch, not the app's HTTP client: that one reads error bodies with zod, which does not belong
// in the first bundle (its weight, and its eval probe would run before the sync engine turns it off).

/** Changes per page of GET /api/sync. */
export const PAGE_SIZE = 2000;

/** Set in local storage once a pull has filled the replica: the early request is not needed again. */
export const REPLICA_FILLED_KEY = 'replica_filled';

/** The path of a sync page after `cursor` (the first page without one). */
export function syncPath(cursor: string | undefined): string {
  return `/api/sync?${new URLSearchParams({ limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) })}`;
}

let early: { path: string; answer: Promise<Response> } | undefined;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Asks for the first sync page now, if this is an anonymous visit to a never-filled replica. */
export function requestFirstPageEarly(
  storage: Storage | undefined = browserStorage(),
  request: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init),
): void {
  try {
    if (!storage || storage.getItem(REPLICA_FILLED_KEY) || readSession(storage).token) return;
  } catch {
    return;
  }
  const path = syncPath(undefined);
  const answer = request(path, { headers: { Accept: 'application/json' } });
  // A failure is the sync engine's to report when it takes the answer; never an unhandled rejection.
  answer.catch(() => undefined);
  early = { path, answer };
}

/**
 * The early answer, if it was asked for this very request (same path, no token); given out once.
 * Anything else (a login meanwhile, a cursor already stored) drops it and asks afresh.
 */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  const found = early;
  early = undefined;
  return found && found.path === path && token === null ? found.answer : undefined;
}

/** Remembers that a pull has filled the replica on this device. */
export function markReplicaFilled(storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(REPLICA_FILLED_KEY, '1');
  } catch {
    // Storage unavailable: the next first visit asks early again, which costs one request.
  }
}
