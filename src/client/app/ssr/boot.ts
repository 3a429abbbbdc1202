// The only script of a page whose first screen the server drew (src/server/http/first-screen.ts). That
// screen paints from the document alone; the app's code (about 90 KB) is asked for after the first
// paint and once the screen's main picture (the one the server marks eager) is on screen, instead of
// alongside the document, so on a slow link the screen, its style and its main picture do not share
// the bandwidth with code the screen does not need yet. A picture slower than PICTURE_WAIT_MS does
// not hold the code back longer.

/** The longest the app's code waits, after the first paint, for the screen's main picture. */
const PICTURE_WAIT_MS = 1000;

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

/**
 * Marks the style sheets the page has inline (the server lists them) as present, before the entry
 * runs. The entry asks for the screen's code at once (preloadRoute in main.tsx), and Vite's loader
 * adds a `<link rel="stylesheet">` for each sheet that code needs unless the page links it already,
 * then holds the code until the sheet has loaded: four downloads on every first visit of sheets the
 * page already has, each parsed again, before the app could draw. A disabled link is neither fetched
 * nor waited for, and the loader finds it. (Scripts are left to the loader: links that fetched them
 * here, at the first paint, took the bandwidth of the screen's pictures on a slow link.)
 */
function markSheetsPresent(files: readonly string[]): void {
  const links = document.createDocumentFragment();
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    // Before the link is in the document: a disabled style sheet is not fetched.
    link.disabled = true;
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

/** Resolves after the next frame has been drawn (or after `ms` where a tab draws none). */
function nextFrame(ms: number): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, ms);
  });
}

/** Resolves once each of the screen's eager pictures is on screen, or has failed to load. */
function eagerPicturesShown(): Promise<unknown> {
  const pictures = document.querySelectorAll<HTMLImageElement>('#root img[loading="eager"]');
  return Promise.all(
    [...pictures].map(async (picture) => {
      if (!picture.complete) {
        await new Promise((resolve) => {
          picture.addEventListener('load', resolve, { once: true });
          picture.addEventListener('error', resolve, { once: true });
        });
      }
      // Decoded, then drawn in the frame after.
      await picture.decode().catch(() => undefined);
      await nextFrame(PICTURE_WAIT_MS);
    }),
  );
}

const entry = meta('app-entry');
if (entry) {
  // A tab opened in the background draws no frame until it is shown.
  void nextFrame(250)
    .then(() =>
      Promise.race([eagerPicturesShown(), new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS))]),
    )
    .then(() => {
      markSheetsPresent(meta('app-inline-sheets')?.split(' ').filter(Boolean) ?? []);
      void import(/* @vite-ignore */ entry);
    });
}
