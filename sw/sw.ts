/// <reference lib="webworker" />
import { cacheNames, clientsClaim, registerQuotaErrorCallback } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { FALLBACK_PAYLOAD, notificationTarget, readPushPayload } from '../src/client/push/payload';
import { mediaBudget } from '../src/client/offline-pictures/budget';
import {
  KEEP_HEADER,
  MEDIA_CACHE,
  MEDIA_CACHE_MAX_BYTES,
  STORAGE_FULL_MESSAGE,
} from '../src/client/offline-pictures/names';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Largest single picture kept for offline, the same cap as the precache: one photo may not evict dozens. */
const MAX_MEDIA_BYTES = 2 * 1024 * 1024;

// The app shell and the route chunks, listed by the build (JS, CSS and HTML only: no images, no media,
// nothing over 2 MiB, see scripts/vite/pwa.ts), so the app opens offline from the home-screen icon after one
// visit. Old precaches of earlier builds are dropped once this one activates.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The app's own files (/assets/…, named by their content) are answered by the browser straight from
// the precache, without this worker's script: its Static Routing API (Chromium 123+) matches them before
// any fetch event. A cold start asks for some thirty of them, and through the fetch handler each one
// would run the worker's JavaScript, keeping the worker's thread busy for much of the load (the bench's
// offline cold start measures this: docs/benchmarks.md). A file missing from the precache goes to the
// network, as through the handler. Browsers without the API run the handler.
interface RoutingInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: {
    condition: { urlPattern: string; requestMethod: string };
    source: { cacheName: string };
  }) => Promise<void>;
}
self.addEventListener('install', (event: RoutingInstallEvent) => {
  if (typeof event.addRoutes !== 'function') return;
  // Without the routes the worker still answers every file: never a reason to fail the install.
  try {
    const added = event.addRoutes({
      condition: { urlPattern: '/assets/*', requestMethod: 'GET' },
      source: { cacheName: cacheNames.precache },
    });
    event.waitUntil(added.catch(() => undefined));
  } catch {
    // Rules this browser does not take: the fetch handler below answers instead.
  }
});

// Every app route is the same single page: an offline navigation (a cold start on /excursions, say)
// gets the cached shell and the client router renders the screen from the replica. Server paths never
// get the shell: an offline /api, /auth or /ws request must fail as a network error rather than hand
// HTML to code expecting JSON, and a file path (/sw.js, /manifest.webmanifest, /icons/…) is not a screen.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/, /^\/ws(\/|$)/, /\/[^/]+\.[a-z0-9]+$/i],
  }),
);

// Caches a whole picture (status 200, not a 206 slice, not an error page) and skips an oversized one.
const wholeSmallPictures: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const length = Number(response.headers.get('Content-Length') ?? 0);
    return response.status === 200 && length <= MAX_MEDIA_BYTES ? response : null;
  },
};

// Pictures of excursions (/api/images) and of places, cities and banners (/api/app_media): cached the
// first time a screen shows them, and the catalogue's card pictures fetched ahead for offline use
// (src/client/offline-pictures, marked by KEEP_HEADER since a script's fetch has no image destination),
// so a card shows its picture on a mountain road without signal. A media id never changes its bytes
// (the server marks it immutable), so cache-first is safe and saves the tourist's data. The whole
// cache is capped in bytes, the least recently shown pictures dropped first (budget.ts); pictures of
// excursions that left the catalogue are dropped by the page. Video and other Range requests go to
// the network: a partial response cannot be cached whole, and video would blow the cap.
const pictures = new CacheFirst({
  cacheName: MEDIA_CACHE,
  plugins: [wholeSmallPictures, mediaBudget(MEDIA_CACHE, MEDIA_CACHE_MAX_BYTES)],
});
const isPicture = (url: URL, request: Request) =>
  url.origin === self.location.origin &&
  (url.pathname.startsWith('/api/images/') || url.pathname.startsWith('/api/app_media/')) &&
  !request.headers.has('range');
registerRoute(({ url, request }) => isPicture(url, request) && request.destination === 'image', pictures);
// A picture fetched to keep is answered once it is stored, not as soon as its bytes arrive: the
// keeper counts an answer as kept, and its offer reads the cache right after the last one to say
// whether the catalogue is whole. A refused store (a full disk) is told to the windows below.
registerRoute(
  ({ url, request }) => isPicture(url, request) && request.headers.get(KEEP_HEADER) === '1',
  async (options) => {
    const [response, stored] = pictures.handleAll(options);
    await stored.catch(() => undefined);
    return response;
  },
);

// A picture the browser refused to store (the disk is full) is still shown, but the open windows are
// told, so the app says so at the top of the screen as it does for the replica (StatusBanners).
registerQuotaErrorCallback(() => {
  void self.clients.matchAll({ type: 'window' }).then((windows) => {
    for (const window of windows) window.postMessage({ type: STORAGE_FULL_MESSAGE });
  });
});

// The boarding screen's QR reader (/reader/…, not precached: only sellers need it) is answered from the
// cache a seller's phone keeps it in (src/client/app/pages/seller/departure/scanner.ts), else the
// network, so a guide scans tickets with no signal.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/reader/'),
  new CacheFirst({ cacheName: 'qr-reader' }),
);

// The admin panel's code (/staff/…, not precached: only admins open it) is kept once opened online,
// so an admin's phone opens it again with no signal.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/staff/'),
  new CacheFirst({ cacheName: 'staff-screens' }),
);

// Everything else (the API, the socket, auth) is not routed and goes straight to the network: the
// replica in IndexedDB, not an HTTP cache, is what the screens read offline.

// A new version waits until the user presses Reload in the toast (SPEC §1); it never takes over a page
// by itself, so a page is never switched to new code halfway through what the user is doing. Queued
// changes live in IndexedDB, which the worker never touches, so they survive the switch.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Trip reminders (src/protocol/push.ts): the server's push message carries a PushPayload as JSON, shown
// as a notification. Data that cannot be read still shows a neutral reminder rather than nothing: the
// subscription promises the browser every push is visible (userVisibleOnly), and a reminder the
// server meant to send is better shown plainly than lost.
self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // Bytes that are not text: the neutral reminder below.
  }
  const payload = readPushPayload(text) ?? FALLBACK_PAYLOAD;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag || undefined,
      icon: '/icons/icon-192.png',
      lang: 'ru',
      data: { url: payload.url },
    }),
  );
});

// A tap on a reminder opens its page (a ticket) in the app: a window of the app already open is taken
// there, else a new one opens. Only paths of this origin are opened (notificationTarget).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openAppAt(notificationTarget(data?.url, self.location.origin)));
});

async function openAppAt(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const there = open.find((client) => client.url === url);
  if (there) {
    await there.focus().catch(() => undefined);
    return;
  }
  // The focused window first, so the person sees the page where they are looking.
  const client = open.find((candidate) => candidate.focused) ?? open[0];
  if (client) {
    // Navigating first: it needs no user gesture, while focus() does and may be refused; a window this
    // worker does not control cannot be navigated and is left for a new one.
    const moved = await client.navigate(url).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url);
}

// Once active (the first install, or an update the user accepted) the worker controls every open tab
// at once: the first visit works offline without a reload, and after an update each tab sees the
// controller change and reloads itself once onto the new version.
clientsClaim();
