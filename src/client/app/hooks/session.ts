import { useSyncExternalStore } from 'react';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../../protocol/headers';
import { onSessionChange, readSession, type Session } from '../../commands/session';

// The signed-in user as the token in local storage says, updated when this tab logs in or out
// (client/commands/account writes the token) or another tab does (a `storage` event).

let cached: { token: string | null; session: Session } | null = null;

function snapshot(): Session {
  const current = readSession(localStorage);
  if (!cached || cached.token !== current.token) cached = { token: current.token, session: current };
  return cached.session;
}

function subscribe(listener: () => void): () => void {
  const stop = onSessionChange(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stop();
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, snapshot, () => ({ token: null, userId: null }));
}
