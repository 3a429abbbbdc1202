// The feature's door, small enough to load with the PWA code (app/pwa/start.ts): once the service
// worker controls the page (the first install's offline-ready moment, or at once on a later visit),
// and the page has had a quiet moment, the keeper's own chunk loads and starts. A fetch before the
// worker controls the page would not reach the worker's cache.

/** How long after the worker takes control the keeper waits, so a first visit's screen loads first. */
const AFTER_CONTROL_MS = 3_000;

export function keepPicturesOnceReady(): void {
  const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!workers || typeof caches === 'undefined' || typeof indexedDB === 'undefined') return;
  const start = () => {
    setTimeout(() => {
      const load = () =>
        void import('./keeper').then((keeper) => keeper.startKeeping()).catch(() => undefined);
      if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5_000 });
      else load();
    }, AFTER_CONTROL_MS);
  };
  if (workers.controller) start();
  else workers.addEventListener('controllerchange', start, { once: true });
}
