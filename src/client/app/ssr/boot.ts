// The only script of a page whose first screen the server drew (src/server/http/first-screen.ts). That
// screen paints from the document alone; the app's code (about 90 KB) is asked for right after the
// first paint instead of alongside the document, so on a slow link the screen, its style and its first
// pictures do not share the bandwidth with code the screen does not need yet.

const entry = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
if (entry) {
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    void import(/* @vite-ignore */ entry);
  };
  requestAnimationFrame(() => setTimeout(load, 0));
  // A tab opened in the background draws no frame until it is shown.
  setTimeout(load, 250);
}
