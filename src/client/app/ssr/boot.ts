// The only script of a page whose first screen the server drew (src/server/http/first-screen.ts). That
// screen paints from the document alone; the app's code (about 90 KB) is asked for right after the
// first paint instead of alongside the document, so on a slow link the screen, its style and its first
// pictures do not share the bandwidth with code the screen does not need yet.

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

/**
 * Puts a link to each of the drawn screen's chunks in the page (the server lists them) before the
 * entry runs. The entry asks for the screen's code at once (preloadRoute in main.tsx), and Vite's
 * loader adds a link for each file that code needs unless the page has one already: one
 * `appendChild` per file, a fifth to a third of the entry's evaluation (the longest task of a first
 * visit) in profiles of /excursions, and for each style sheet a download the screen's code waited for.
 * Here they go in as one fragment: the scripts as module preloads (their downloads start now, beside
 * the entry's) and the style sheets disabled, as the page has them inline: not fetched, not waited for.
 */
function announceChunks(files: readonly string[]): void {
  const links = document.createDocumentFragment();
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'stylesheet';
      // Before the link is in the document: a disabled style sheet is not fetched.
      link.disabled = true;
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = '';
    }
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
    announceChunks(meta('app-preload')?.split(' ').filter(Boolean) ?? []);
    void import(/* @vite-ignore */ entry);
  };
  requestAnimationFrame(() => setTimeout(load, 0));
  // A tab opened in the background draws no frame until it is shown.
  setTimeout(load, 250);
}
