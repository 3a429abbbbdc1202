import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { startTransition } from 'react';

// The app's one way to read the replica live. Dexie's own useLiveQuery re-renders on each answer with
// React's default priority, which renders the whole screen in one uninterrupted task: on a first visit
// every answer (the catalogue, then its tours, cities, places...) would be one such task, long enough
// on a slow phone to count towards Lighthouse's Total Blocking Time. Here every
// answer is delivered as a transition, so React renders it in slices of a few milliseconds and a tap
// in between is handled at once. The screen shows the new answer a frame or so later, never a stale
// one for long: a newer answer replaces a render still in progress.

/** liveQuery whose answers reach the subscriber inside startTransition. */
function transitionLiveQuery<T>(querier: () => Promise<T> | T) {
  const source = liveQuery(querier);
  return {
    subscribe(onNext: (value: T) => void, onError?: (error: unknown) => void) {
      return source.subscribe({
        next: (value) => startTransition(() => onNext(value)),
        error: (error) => startTransition(() => onError?.(error)),
      });
    },
  };
}

/** Same arguments and answer as dexie-react-hooks' useLiveQuery; renders each answer as a transition. */
export function useLiveQuery<T>(querier: () => Promise<T> | T, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, D>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: D): T | D;
export function useLiveQuery<T, D>(
  querier: () => Promise<T> | T,
  deps: unknown[] = [],
  defaultResult?: D,
): T | D | undefined {
  return useObservable<T, D | undefined>(() => transitionLiveQuery(querier), deps, defaultResult);
}
