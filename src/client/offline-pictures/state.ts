import { useSyncExternalStore } from 'react';
import type { QueueProgress } from './queue';

// What the keeper is doing, for the offer on the profile screen: a tiny store outside React, like the
// PWA's own (app/pwa/state.ts).

export interface KeeperState {
  /** What runs or ran last: card pictures in the background, or the trip download the tourist asked for. */
  mode: 'cards' | 'trip' | null;
  phase: 'idle' | 'running' | 'done' | 'stopped' | 'full';
  progress: QueueProgress;
  /** The tourist asked for the trip download; kept across visits until they stop it. */
  tripChosen: boolean;
  /** Save-Data or a cellular link: nothing is fetched ahead unless the tourist asks. */
  metered: boolean;
}

let state: KeeperState = {
  mode: null,
  phase: 'idle',
  progress: { done: 0, failed: 0, total: 0, bytes: 0 },
  tripChosen: false,
  metered: false,
};
const listeners = new Set<() => void>();

export function setKeeperState(patch: Partial<KeeperState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function keeperState(): KeeperState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useKeeperState(): KeeperState {
  return useSyncExternalStore(subscribe, keeperState, keeperState);
}

/**
 * How the tourist's last trip download ended, as the screens say it; null while none has ended. One
 * that reached the end with pictures that failed twice is partial, not done: the tourist may try again
 * where the signal is better.
 */
export function tripOutcome(state: KeeperState): 'done' | 'partial' | 'stopped' | 'full' | null {
  if (state.mode !== 'trip') return null;
  if (state.phase === 'full' || state.phase === 'stopped') return state.phase;
  if (state.phase === 'done') return state.progress.failed > 0 ? 'partial' : 'done';
  return null;
}
