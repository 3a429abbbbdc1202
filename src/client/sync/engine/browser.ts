import { createHttpClient } from '../../api/http';
import { replicaDb } from '../../db/schema';
import { createSyncEngine, type SyncEngine } from './engine';
import type { LockManagerLike } from '../live/leader';
import type { WebSocketLike } from '../live/socket';
import { checkSession, type AccountDeps } from '../../commands/account';
import { resendPendingLogouts } from '../../commands/logout';
import { onPullWanted } from '../live/nudge';
import { backoffDelay } from '../outbox/flush';
import { pullAll } from '../pull/tab';
import { createWorkerPull } from '../pull/worker';
import { onSessionChange, readSession } from '../../commands/session';
import { markReplicaFilled } from '../../boot/first-page';

// Starts the sync engine in a browser tab: same-origin HTTP and socket, window events, Web Locks.

let engine: SyncEngine | undefined;

export interface BrowserSyncOptions {
  /** The script of the pull worker (pull/pull-worker.ts); without it the tab pulls itself. */
  pullWorkerUrl?: string;
}

export function startBrowserSync(options: BrowserSyncOptions = {}): SyncEngine {
  if (engine) return engine;
  const db = replicaDb();
  const { pullWorkerUrl } = options;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  // One round of session checks at a time: a refused pull and a refused flush ask together.
  let checking: Promise<unknown> | null = null;
  const verifySession = () => {
    checking ??= checkSessionUntilAnswered({ db }).finally(() => (checking = null));
  };
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
    onUnauthorized: verifySession,
    pull: pullWorkerUrl ? workerPull(pullWorkerUrl) : undefined,
  });
  engine.start();
  // A stored token restores the session only if the server still accepts it.
  verifySession();
  // Logouts made offline revoke their tokens once the server can be reached.
  resendPendingLogouts(window);
  onSessionChange(() => engine?.sessionChanged());
  onPullWanted(() => void engine?.pull());
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === 'access_token') engine?.sessionChanged();
  });
  return engine;
}

/** Pulls in a module worker (pull/worker.ts); in the tab if the worker cannot start or load. */
function workerPull(url: string) {
  const http = createHttpClient('');
  return createWorkerPull({
    spawn: () => new Worker(url, { type: 'module', name: 'sync-pull' }),
    local: (token, early) => pullAll(http, replicaDb(), token, { early }),
    onFilled: () => markReplicaFilled(),
  });
}

/**
 * checkSession until the server answers. No answer (offline, a 5xx, a 429) is asked again on a capped,
 * jittered backoff: checked only once, a glitch at start-up would leave a revoked token signed in, and
 * a valid one without its user row whenever the first pull fails too (the account page then waits on
 * "loading" for good). Each round reads the stored token afresh, so a login meanwhile is the one
 * checked and a logout ends the rounds ('signed-out'). A storage error writing the row is retried too.
 */
export async function checkSessionUntilAnswered(
  deps: AccountDeps,
  options: { random?: () => number; wait?: (ms: number) => Promise<void> } = {},
): Promise<'valid' | 'signed-out'> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt++) {
    const result = await checkSession(deps).catch(() => 'offline' as const);
    if (result !== 'offline') return result;
    await wait(backoffDelay(attempt, options.random));
  }
}
