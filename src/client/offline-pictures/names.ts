// Names the page and the service worker share: the media cache, the header that marks a picture the
// app fetches to keep (not one a screen shows), and the worker's message when the disk is full.

/** The worker's runtime cache of pictures (sw/sw.ts). */
export const MEDIA_CACHE = 'media-v1';

/**
 * Marks a fetch of a picture to keep for offline use. A screen's <img> is recognised by its request
 * destination; a fetch() from script has none, so this header tells the worker to keep it the same way.
 */
export const KEEP_HEADER = 'X-Keep-Offline';

/** Posted by the worker to every window when the browser refused to store a picture (quota). */
export const STORAGE_FULL_MESSAGE = 'media-storage-full';

/**
 * The whole media cache's cap: pictures beyond it are dropped least recently used first. Room for a
 * large catalogue's card and gallery pictures at card size (about 30–60 KB each) and what the tourist
 * opened, while staying a small share of a phone's storage.
 */
export const MEDIA_CACHE_MAX_BYTES = 200 * 1024 * 1024;

/** The width every card and gallery thumbnail asks for (MediaImage's `variant`). */
export const CARD_WIDTH = 480;
