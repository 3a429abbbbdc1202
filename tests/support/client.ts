import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import WebSocket from 'ws';
import { ReplicaDb } from '../../src/client/db/schema';
import { createSyncEngine, type Session, type SyncEngine } from '../../src/client/sync/engine/engine';
import type { LockManagerLike } from '../../src/client/sync/live/leader';
import type { WebSocketLike } from '../../src/client/sync/live/socket';
import type { TestServer } from './server';

// A client as a browser tab would run it, but in Node: fake-indexeddb for IndexedDB, the `ws` package
// for WebSocket, global fetch, against a real in-process server. A "network" switch makes the server
// unreachable for that client only.

export interface Network {
  online: boolean;
  /** Answers are lost after the server handled the request (the request did happen). */
  dropAnswers: number;
  /** Awaited after the server answered and before the client hears it: a request held in flight. */
  beforeAnswer?: (url: string) => Promise<void>;
  sockets: WebSocket[];
  /** Where the client hears `online`, `offline` and `focus`, as a tab hears them on window. */
  events: EventTarget;
}

export function createNetwork(): Network {
  return { online: true, dropAnswers: 0, sockets: [], events: new EventTarget() };
}

export function openReplica(factory: IDBFactory, name = 'replica'): ReplicaDb {
  return new ReplicaDb(name, { indexedDB: factory, IDBKeyRange });
}

export function newFactory(): IDBFactory {
  return new IDBFactory();
}

export interface ClientOptions {
  db: ReplicaDb;
  network?: Network;
  session?: () => Session;
  locks?: LockManagerLike;
}

export function createClient(
  server: TestServer,
  options: ClientOptions,
): { engine: SyncEngine; network: Network } {
  const network = options.network ?? createNetwork();
  const fetchThrough: typeof fetch = async (input, init) => {
    if (!network.online) throw new TypeError('fetch failed: offline');
    const response = await fetch(input, init);
    await network.beforeAnswer?.(String(input));
    if (network.dropAnswers > 0) {
      network.dropAnswers -= 1;
      throw new TypeError('fetch failed: connection reset');
    }
    return response;
  };
  const engine = createSyncEngine({
    db: options.db,
    baseUrl: server.url,
    wsUrl: `${server.url.replace(/^http/, 'ws')}/ws`,
    fetch: fetchThrough,
    connectSocket: (url) => {
      if (!network.online) throw new Error('offline');
      const socket = new WebSocket(url);
      network.sockets.push(socket);
      return socket as unknown as WebSocketLike;
    },
    session: options.session ?? (() => ({ token: null, userId: null })),
    locks: options.locks,
    events: network.events,
    isOnline: () => network.online,
  });
  return { engine, network };
}

/** Cuts the client off: requests fail and its open sockets drop. */
export function goOffline(network: Network): void {
  network.online = false;
  for (const socket of network.sockets) socket.terminate();
  network.sockets = [];
  network.events.dispatchEvent(new Event('offline'));
}

/** Brings the client back, announcing it as the browser does. */
export function goOnline(network: Network): void {
  network.online = true;
  network.events.dispatchEvent(new Event('online'));
}

export async function until<T>(probe: () => Promise<T> | T, timeoutMs = 8000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/** A Web Storage in memory, standing in for a page's localStorage. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}
