import { Workbox } from 'workbox-window';
import { setPwaState } from './state';

/** SPEC §9: the update check runs every hour while online. */
export const UPDATE_CHECK_MS = 3_600_000;
const SW_URL = '/sw.js';

let registration: ServiceWorkerRegistration | undefined;

/**
 * Registers /sw.js with scope / (SPEC §7) and wires the toast: the first install says the app works
 * offline, a new version waiting says so and waits for the user's Reload. Loaded after the first
 * paint, so none of this weighs on the home screen.
 */
export async function startPwa(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  reloadOnceOnUpdate();
  const workbox = new Workbox(SW_URL, { scope: '/' });
  // A first install (not an update, not a worker another tab found) is what makes the app offline-ready.
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) setPwaState({ offlineReady: true });
  });
  // Fires for a new version found now, found by another tab, or already waiting from an earlier visit.
  workbox.addEventListener('waiting', () => setPwaState({ needRefresh: true }));
  try {
    registration = await workbox.register();
  } catch (error) {
    // SPEC §8: the registration failure goes to a callback whose handling is not shown; the app works
    // online without the worker, so it is only reported.
    console.warn('service worker registration failed', error);
    return;
  }
  if (registration) {
    const found = registration;
    setInterval(() => void checkForUpdate(found), UPDATE_CHECK_MS);
  }
}

/**
 * SPEC §7: re-fetches the worker file past every cache and, when the server answers 200, asks the
 * browser to update. Offline, or while a worker is already installing, there is nothing to do; a
 * failed fetch just waits for the next hour.
 */
export async function checkForUpdate(registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.installing || !navigator.onLine) return;
  const response = await fetch(SW_URL, {
    cache: 'no-store',
    headers: { cache: 'no-store', 'cache-control': 'no-cache' },
  }).catch(() => null);
  if (response?.status === 200) await registration.update();
}

/**
 * Reload: the waiting worker takes over, and this tab reloads once it is active; every other open tab
 * reloads when its controller changes (reloadOnceOnUpdate). The registration is asked for afresh rather
 * than taken from startPwa, which may still be waiting for the page's load event. If another tab already
 * applied the update, nothing is waiting any more and this tab just reloads.
 */
export async function applyUpdate(): Promise<void> {
  const waiting = (registration ?? (await navigator.serviceWorker.getRegistration()))?.waiting;
  if (!waiting) {
    reloadOnce();
    return;
  }
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') reloadOnce();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

let reloading = false;
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * When a new worker takes control of a page that already had one, the page's code is stale: reload it,
 * once. The first install also changes the controller (clientsClaim) but the page is current then.
 * Queued changes are in IndexedDB and carry idempotency keys, so a reload loses none and a request cut
 * off mid-flight is safely replayed.
 */
function reloadOnceOnUpdate(): void {
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    reloadOnce();
  });
}
