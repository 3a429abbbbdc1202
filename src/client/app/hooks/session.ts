import { useSyncExternalStore } from 'react';
import { readSession } from '../../sync/session';
import type { Session } from '../../sync/engine';

// The signed-in user as the token in local storage says, updated when this or another tab logs in
// or out. Login itself (issue: accounts) writes the token and calls notifySessionChanged().

const listeners = new Set<() => void>();
let cached: { token: string | null; session: Session } | null = null;

function snapshot(): Session {
  const current = readSession(localStorage);
  if (!cached || cached.token !== current.token) cached = { token: current.token, session: current };
  return cached.session;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'access_token') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, snapshot, () => ({ token: null, userId: null }));
}
