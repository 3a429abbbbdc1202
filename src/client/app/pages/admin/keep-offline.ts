// The admin panel's code is built under /staff/ and kept by the service worker once fetched through it
// (sw.ts, 'staff-screens'). On an admin's first visit those files load before the worker takes over
// the page, so nothing keeps them; fetched again once the worker controls the page, they are cached,
// and the panel opens with no signal from then on. A file already kept is a cache hit.

const STAFF_PREFIX = '/staff/';

function fetchLoadedStaffFiles(): void {
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith(STAFF_PREFIX))
      .map((url) => url.href),
  );
  // A failed fetch changes nothing: the file is fetched again the next time the panel opens online.
  for (const url of urls) void fetch(url).catch(() => undefined);
}

/** Makes the worker keep the panel's files this page loaded; returns a function that stops waiting. */
export function keepStaffFilesOffline(): () => void {
  const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!workers) return () => undefined;
  if (workers.controller) {
    fetchLoadedStaffFiles();
    return () => undefined;
  }
  workers.addEventListener('controllerchange', fetchLoadedStaffFiles, { once: true });
  return () => workers.removeEventListener('controllerchange', fetchLoadedStaffFiles);
}
