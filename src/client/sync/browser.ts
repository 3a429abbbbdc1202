import { replicaDb } from '../db/schema';
import { createSyncEngine, type SyncEngine } from './engine';
import type { LockManagerLike } from './leader';
import type { WebSocketLike } from './live';
import { checkSession } from './account';
import { onPullWanted } from './nudge';
import { onSessionChange, readSession } from './session';

// Starts the sync engine in a browser tab: same-origin HTTP and socket, window events, Web Locks.

let engine: SyncEngine | undefined;

export function startBrowserSync(): SyncEngine {
  if (engine) return engine;
  const db = replicaDb();
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  engine = createSyncEngine({
    db,
    baseUrl: '',
    wsUrl: `${scheme}//${location.host}/ws`,
    connectSocket: (url) => {
      const socket = new WebSocket(url);
      socket.binaryType = 'arraybuffer';
      return socket as unknown as WebSocketLike;
    },
    session: () => readSession(localStorage),
    locks: (navigator as Navigator & { locks?: LockManagerLike }).locks,
    events: window,
    isOnline: () => navigator.onLine,
    isVisible: () => document.visibilityState === 'visible',
    // users/me decides: a refused token signs out (SPEC §4); a passing glitch changes nothing.
    onUnauthorized: () => void checkSession({ db }),
  });
  engine.start();
  // A stored token restores the session only if the server still accepts it.
  void checkSession({ db });
  onSessionChange(() => engine?.sessionChanged());
  onPullWanted(() => void engine?.pull());
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === 'access_token') engine?.sessionChanged();
  });
  return engine;
}
