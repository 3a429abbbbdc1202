// A chunk asked for while the network is down fails to import: a first visit that loses its signal in
// the second after the screen is drawn, before the service worker has stored the app, would otherwise
// run without its sync engine, its status parts and its service worker until the page is reloaded, and
// a tap queued offline would wait for the app's next opening; a screen opened meanwhile would never
// come. Chromium fetches a module whose fetch failed again when it is imported again, so the import is
// repeated: as soon as the browser says it is back online, and, while the browser believes it is
// online (a signal that carries nothing), after a growing pause. A style sheet the failed import
// brought is linked anew before the next try, since the bundler's loader links each sheet only once.

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;

/** Stylesheet links whose load failed; an `error` event does not bubble, so it is heard on capture. */
const failedSheets = new Set<HTMLLinkElement>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') failedSheets.add(target);
    },
    true,
  );
}

/**
 * Runs `load` until it resolves; `failed` hears each failure. Where there is no window (the server's
 * renderer of first screens imports from disk) a failure is an error and rejects at once.
 */
export async function untilLoaded<T>(load: () => Promise<T>, failed?: () => void): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await load();
    } catch (error) {
      if (typeof window === 'undefined') throw error;
      failed?.();
      // Said once: the same error every half minute would bury the rest of the console.
      if (failures === 1) console.warn('code did not load; asked for again when the network returns', error);
      await networkBack(Math.min(FIRST_PAUSE_MS * 2 ** (failures - 1), LONGEST_PAUSE_MS));
      relinkFailedSheets();
    }
  }
}

/** Resolves on the browser's `online`, or after `pauseMs` if the browser already believes it is online. */
function networkBack(pauseMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    window.addEventListener('online', done);
    // Offline, only the browser's word can change anything; online, the fetch itself may have failed.
    const timer = navigator.onLine ? setTimeout(done, pauseMs) : undefined;
  });
}

function relinkFailedSheets(): void {
  for (const link of failedSheets) {
    failedSheets.delete(link);
    if (!link.isConnected) continue;
    const again = link.cloneNode() as HTMLLinkElement;
    link.replaceWith(again);
  }
}
