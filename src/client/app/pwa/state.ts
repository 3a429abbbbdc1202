import { useSyncExternalStore } from 'react';

// The PWA states of SPEC §4 (offline-ready, update-available) plus whether the browser offers an
// install. A tiny store outside React: the registration code sets it, the lazily loaded toast reads it.

export interface PwaState {
  offlineReady: boolean;
  needRefresh: boolean;
  canInstall: boolean;
}

let state: PwaState = { offlineReady: false, needRefresh: false, canInstall: false };
const listeners = new Set<() => void>();

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
