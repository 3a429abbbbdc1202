import { spreadModulePreloads } from './spread-preloads';
import { yieldToMain } from '../yield';

// A chunk is evaluated, with every module of it not evaluated yet, in one task once it has loaded.
// Chunks imported one after another, with the main thread given back in between, are evaluated in a
// task each: the modules an earlier step brought are not evaluated again by a later one.

/**
 * Imports `steps` in order, each after the previous one has run and the main thread has been given
 * back, then `last`; resolves with `last`'s module. Each step's files are asked for one per task.
 */
export async function loadInSteps<T>(
  steps: readonly (() => Promise<unknown>)[],
  last: () => Promise<T>,
  pause: () => Promise<void> = yieldToMain,
): Promise<T> {
  for (const step of steps) {
    await spreadModulePreloads(step);
    await pause();
  }
  return spreadModulePreloads(last);
}
