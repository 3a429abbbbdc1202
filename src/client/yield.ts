// Giving the main thread back between pieces of work, so that none of them, added together, becomes
// one task long enough to hold up a tap on a slow phone (Lighthouse's Total Blocking Time counts each
// task's time past 50 ms).
//
// A worker has no screen to keep answering: there (sync/pull/pull-worker.ts) the same code runs straight
// through, every budget unlimited and every yield a no-op, which spares IndexedDB the round trips
// that slicing its writes costs.

let straightThrough = false;

/** From now on, work in this context is not spread over tasks (a worker's context only). */
export function runStraightThrough(): void {
  straightThrough = true;
}

/** A task's time budget for spread-out work: `ms`, or unlimited where work runs straight through. */
export function sliceBudget(ms: number): number {
  return straightThrough ? Number.POSITIVE_INFINITY : ms;
}

/** Gives the main thread back: `scheduler.yield()` where there is one, else a zero timeout. */
export function yieldToMain(): Promise<void> {
  if (straightThrough) return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
