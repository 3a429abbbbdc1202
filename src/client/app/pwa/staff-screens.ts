// The screens only sellers and admins open are built under /staff/ and left out of the precache
// (vite.config.ts). A seller's or an admin's phone fetches every one of them while it has network,
// through the service worker, which keeps them ('staff-screens', sw/sw.ts): the departure day then
// opens on a mountain road whether or not the seller opened those screens before. Files of earlier
// builds are dropped from that cache, so it holds one build's screens.

const FILES_URL = '/staff-files.json';
const CACHE = 'staff-screens';

async function keepListedFiles(): Promise<void> {
  const answer = await fetch(FILES_URL, { cache: 'no-store' });
  if (!answer.ok) return;
  const files = (await answer.json()) as unknown;
  if (!Array.isArray(files)) return;
  const wanted = new Set(
    files.filter((file): file is string => typeof file === 'string' && file.startsWith('/staff/')),
  );
  // One at a time: the phone is in use, and these are for later.
  for (const file of wanted) await fetch(file).catch(() => undefined);
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys())
    if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
}

/**
 * Keeps the staff screens on the phone once the service worker controls the page (a fetch before
 * that would not reach it); returns a function that stops waiting. A failure changes nothing: the
 * next start online tries again.
 */
export function keepStaffScreens(): () => void {
  const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!workers || typeof caches === 'undefined') return () => undefined;
  const run = () => void keepListedFiles().catch(() => undefined);
  if (workers.controller) {
    run();
    return () => undefined;
  }
  workers.addEventListener('controllerchange', run, { once: true });
  return () => workers.removeEventListener('controllerchange', run);
}
