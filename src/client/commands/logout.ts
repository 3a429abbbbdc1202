import { apiPaths } from '../../protocol/paths';
import { signOut } from './account';
import { call, httpOf, storageOf, type AccountDeps } from './online';
import { readSession, tokenPayload } from './session';

// Logout on this phone (SPEC §4 'Выйти из аккаунта'): the token is forgotten here at once, and the
// server is asked to revoke it (POST /auth/logout), so a copy of it cannot be used any more while the
// user's other devices stay signed in. The call never holds up the logout: the token waits in a small
// list in local storage until the server has answered, and the list is sent again whenever the
// network comes back (and when the app starts).

/** The local-storage key of the tokens still to revoke (a JSON array). */
export const PENDING_LOGOUTS_STORAGE_KEY = 'pending_logouts';
/** The most tokens kept waiting; the oldest go first (each also expires on its own). */
const MAX_PENDING = 20;

type Deps = Pick<AccountDeps, 'http' | 'storage'>;

function readPending(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const list = JSON.parse(storage.getItem(PENDING_LOGOUTS_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(storage: Pick<Storage, 'setItem' | 'removeItem'>, list: string[]): void {
  try {
    if (list.length > 0) storage.setItem(PENDING_LOGOUTS_STORAGE_KEY, JSON.stringify(list));
    else storage.removeItem(PENDING_LOGOUTS_STORAGE_KEY);
  } catch {
    // Unavailable storage: the token is revoked only if the first call gets through.
  }
}

/** Whether the token's own expiry (read, not trusted) has passed: then there is nothing to revoke. */
function expired(token: string, now = Date.now()): boolean {
  const payload = tokenPayload(token);
  if (!payload) return true;
  return typeof payload.exp === 'number' && payload.exp * 1000 <= now;
}

/** Tokens waiting to be revoked. */
export function pendingLogouts(deps: Pick<AccountDeps, 'storage'> = {}): string[] {
  return readPending(storageOf(deps));
}

function forget(deps: Deps, token: string): void {
  const storage = storageOf(deps);
  writePending(
    storage,
    readPending(storage).filter((pending) => pending !== token),
  );
}

/**
 * Sends the waiting revocations, oldest first, until the network fails. A token the server revoked,
 * or refused (expired, voided, malformed: nothing left to revoke), leaves the list; one met by no
 * answer, a 5xx or a 429 stays for the next time. Resolves with how many are still waiting.
 */
export async function sendPendingLogouts(deps: Deps = {}): Promise<number> {
  for (const token of readPending(storageOf(deps))) {
    if (expired(token)) {
      forget(deps, token);
      continue;
    }
    const answer = await call(() => httpOf(deps).request('POST', apiPaths.logout(), { token }));
    if (answer === 'offline' || answer.status >= 500 || answer.status === 429) break;
    forget(deps, token);
  }
  return readPending(storageOf(deps)).length;
}

/**
 * Logs out: the token is put on the waiting list and forgotten at once (signOut), then the list is
 * sent without waiting for it.
 */
export async function logOut(deps: AccountDeps): Promise<void> {
  const storage = storageOf(deps);
  const { token } = readSession(storage);
  if (token && !expired(token)) {
    const others = readPending(storage).filter((pending) => pending !== token && !expired(pending));
    writePending(storage, [...others, token].slice(-MAX_PENDING));
  }
  const signedOut = signOut(deps);
  void sendPendingLogouts(deps).catch(() => undefined);
  void dropPushSubscription();
  await signedOut;
}

/**
 * The trip reminders were this account's: the phone stops receiving them. Only the browser's side is
 * dropped (it needs no network and no token); the server forgets the subscription once the push
 * service answers that it is gone.
 */
async function dropPushSubscription(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // No worker, no push support, or nothing to drop: nothing is received either way.
  }
}

/** Sends the waiting revocations now and each time `events` hears `online` (the window's). */
export function resendPendingLogouts(events: Pick<EventTarget, 'addEventListener'>, deps: Deps = {}): void {
  const send = () => void sendPendingLogouts(deps).catch(() => undefined);
  events.addEventListener('online', send);
  send();
}
