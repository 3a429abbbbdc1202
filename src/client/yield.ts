// Giving the main thread back between pieces of work, so that none of them, added together, becomes
// one task long enough to hold up a tap on a slow phone (Lighthouse's Total Blocking Time counts each
// task's time past 50 ms).

/** Gives the main thread back: `scheduler.yield()` where there is one, else a zero timeout. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
