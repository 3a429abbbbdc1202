import { useEffect } from 'react';

// A cold start draws the screen the tourist opened before the app's background work starts: the sync
// engine (its IndexedDB writes, leader election, socket and pull), the service worker's registration
// and the shell's status parts all compete with the screen's own chunks and reads for the phone's one
// main thread and for the database. A screen says when its main content is drawn, or that the replica
// was never filled (then it waits for the sync, which must start at once); screens that say nothing
// get the background work after FIRST_SCREEN_WAIT_MS.

/** The most a screen may hold the background work back. */
export const FIRST_SCREEN_WAIT_MS = 800;

let shown: () => void = () => undefined;
const drawn = new Promise<void>((resolve) => (shown = resolve));
if (typeof window !== 'undefined') setTimeout(() => shown(), FIRST_SCREEN_WAIT_MS);

/** Resolves once the first screen has drawn its main content, or after FIRST_SCREEN_WAIT_MS. */
export function firstScreenDrawn(): Promise<void> {
  return drawn;
}

/**
 * A screen's main content is on screen once `ready` is true, or the screen waits for a first sync
 * (`synced` is false). The first call that says so counts.
 */
export function useFirstScreenDrawn(ready: boolean, synced: boolean | undefined): void {
  const go = ready || synced === false;
  useEffect(() => {
    if (go) shown();
  }, [go]);
}
