// The only script of a page whose first screen the server drew (src/server/http/first-screen.ts). That
// screen paints from the document alone; the app's code (about 90 KB) is asked for right after the
// first paint instead of alongside the document, so on a slow link the screen, its style and its first
// pictures do not share the bandwidth with code the screen does not need yet.

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

const entry = meta('app-entry');
if (entry) {
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    markSheetsPresent(meta('app-inline-sheets')?.split(' ').filter(Boolean) ?? []);
    void import(/* @vite-ignore */ entry);
  };
  requestAnimationFrame(() => setTimeout(load, 0));
  // A tab opened in the background draws no frame until it is shown.
  setTimeout(load, 250);
}
