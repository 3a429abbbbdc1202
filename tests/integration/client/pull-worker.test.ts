import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import type { ReplicaDb } from '../../../src/client/db/schema';
import type { EarlyAnswer } from '../../../src/client/sync/pull/runner';
import { pullAll } from '../../../src/client/sync/pull/tab';
import {
  createWorkerPull,
  servePulls,
  type EarlyPage,
  type PortLike,
  type WorkerLike,
} from '../../../src/client/sync/pull/worker';
import { syncPath } from '../../../src/client/boot/first-page';
import { isQuotaError } from '../../../src/client/sync/engine/status';
import { catalogue, DEMO, tokenFor } from '../../support/api';
import { newFactory, openReplica } from '../../support/client';
import { startTestServer, type TestServer } from '../../support/server';

// The tab's side and the worker's side of pull-remote.ts, joined by a real MessageChannel (structured
// clone, asynchronous delivery), each with its own connection to the same IndexedDB, against a real
// server: what crosses the channel is exactly what crosses to a browser's worker.

/** A port as the worker's global scope and the tab's Worker object expose it. */
function asPort(port: MessagePort): PortLike & WorkerLike {
  return {
    postMessage: (message) => port.postMessage(message),
    addEventListener: (type, listener) => {
      if (type === 'message') port.on('message', (data: unknown) => listener({ data }));
    },
    terminate: () => port.close(),
  };
}

interface Counting {
  fetch: typeof fetch;
  syncRequests: string[];
}

function countingFetch(): Counting {
  const syncRequests: string[] = [];
  return {
    syncRequests,
    fetch: async (input, init) => {
      const url = String(input);
      if (url.includes('/api/sync')) syncRequests.push(url);
      return fetch(input, init);
    },
  };
}

describe('pulls run by a worker (pull-remote.ts)', () => {
  let server: TestServer;
  const cleanups: (() => void | Promise<void>)[] = [];
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** The tab's and the worker's connections to one database, and a worker serving pulls on a channel. */
  function setUp(options: { early?: EarlyPage | null } = {}) {
    const factory = newFactory();
    const tabDb = openReplica(factory);
    const workerDb = openReplica(factory);
    const channel = new MessageChannel();
    const workerHttp = countingFetch();
    servePulls(asPort(channel.port1), workerDb, createHttpClient(server.url, workerHttp.fetch));
    const filled: number[] = [];
    const localPulls: string[] = [];
    let spawned = 0;
    const pull = createWorkerPull({
      spawn: () => {
        spawned += 1;
        return asPort(channel.port2);
      },
      local: async () => {
        localPulls.push('local');
        throw new Error('the tab must not pull itself while the worker answers');
      },
      takeEarly: async () => options.early ?? null,
      onFilled: () => filled.push(1),
    });
    cleanups.push(() => {
      channel.port1.close();
      channel.port2.close();
      tabDb.close();
      workerDb.close();
    });
    return { tabDb, pull, filled, localPulls, workerHttp, spawned: () => spawned };
  }

  async function expectCatalogue(db: ReplicaDb) {
    const { excursions, tours } = await catalogue(server);
    expect(await db.excursions.count()).toBe(excursions.length);
    expect(await db.tours.count()).toBe(tours.length);
  }

  it('fills the replica the tab reads from, and the tab remembers it is filled', async () => {
    const { tabDb, pull, filled, localPulls, workerHttp, spawned } = setUp();
    const outcome = await pull(null);
    expect(outcome).toMatchObject({ ok: true, pages: 1 });
    await expectCatalogue(tabDb);
    expect(workerHttp.syncRequests).toHaveLength(1);
    expect(filled).toEqual([1]);
    expect(localPulls).toEqual([]);

    // A later pull asks from the stored cursor, through the same worker, and finds nothing new.
    const again = await pull(null);
    expect(again).toEqual({ ok: true, pages: 1, changes: 0 });
    expect(workerHttp.syncRequests[1]).toContain('cursor=');
    expect(spawned()).toBe(1);
  });

  it("takes the tab's early first page as text instead of asking for it again", async () => {
    const path = syncPath(undefined);
    const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'application/json' } });
    const early: EarlyPage = {
      path,
      status: response.status,
      contentType: response.headers.get('Content-Type'),
      body: await response.text(),
    };
    const { tabDb, pull, workerHttp } = setUp({ early });
    expect(await pull(null)).toMatchObject({ ok: true, pages: 1 });
    expect(workerHttp.syncRequests).toEqual([]);
    await expectCatalogue(tabDb);
  });

  it('does not use an early page for a signed-in pull, whose first page carries private rows', async () => {
    const path = syncPath(undefined);
    const early: EarlyPage = { path, status: 200, contentType: 'application/json', body: '{"broken": true}' };
    const { tabDb, pull, workerHttp } = setUp({ early });
    const token = await tokenFor(server, DEMO.tourist);
    expect(await pull(token)).toMatchObject({ ok: true });
    expect(workerHttp.syncRequests).toHaveLength(1);
    expect(await tabDb.users.count()).toBe(1);
  });

  it('reports a failed early request as no network, and a broken page as a server fault', async () => {
    const path = syncPath(undefined);
    const offline = setUp({ early: { path, failed: true } });
    expect(await offline.pull(null)).toEqual({ ok: false, error: 'offline' });
    expect(offline.filled).toEqual([]);

    const broken = setUp({ early: { path, status: 200, contentType: 'application/json', body: '{"x":1}' } });
    expect(await broken.pull(null)).toEqual({ ok: false, error: 'server' });
    expect(await broken.tabDb.excursions.count()).toBe(0);
    expect(broken.filled).toEqual([]);
  });

  it('passes an error that stopped the pull to the tab with its name, so a full disk is told apart', async () => {
    const channel = new MessageChannel();
    const factory = newFactory();
    const workerDb = openReplica(factory);
    const full = Object.assign(new Error('Transaction aborted'), {
      name: 'AbortError',
      inner: { name: 'QuotaExceededError' },
    });
    servePulls(asPort(channel.port1), workerDb, {
      request: async () => {
        throw full;
      },
    });
    cleanups.push(() => {
      channel.port1.close();
      workerDb.close();
    });
    const pull = createWorkerPull({
      spawn: () => asPort(channel.port2),
      local: () => Promise.reject(new Error('unused')),
      takeEarly: async () => null,
    });
    const error = await pull(null).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isQuotaError(error)).toBe(true);
    expect((error as Error).message).toBe('Transaction aborted');
  });

  it('pulls in the tab, with the early page, when the worker cannot start or fails to load', async () => {
    const path = syncPath(undefined);
    const response = await fetch(`${server.url}${path}`);
    const early: EarlyPage = {
      path,
      status: 200,
      contentType: 'application/json',
      body: await response.text(),
    };
    const factory = newFactory();
    const db = openReplica(factory);
    cleanups.push(() => db.close());
    const tabHttp = countingFetch();
    const local = (token: string | null, answer: EarlyAnswer) =>
      pullAll(createHttpClient(server.url, tabHttp.fetch), db, token, {
        early: answer,
        onFilled: () => undefined,
      });

    // No Worker at all.
    const noWorker = createWorkerPull({
      spawn: () => {
        throw new ReferenceError('Worker is not defined');
      },
      local,
      takeEarly: async () => early,
    });
    expect(await noWorker(null)).toMatchObject({ ok: true, pages: 1 });
    expect(tabHttp.syncRequests).toEqual([]);
    await expectCatalogue(db);

    // A worker whose script fails to load: its error event hands the pull back, and the next one
    // does not try it again.
    let spawned = 0;
    let terminated = 0;
    const failing = (): WorkerLike => {
      spawned += 1;
      let onError: (() => void) | undefined;
      return {
        postMessage: () => setTimeout(() => onError?.(), 5),
        addEventListener: (type, listener) => {
          if (type === 'error') onError = () => listener({});
        },
        terminate: () => {
          terminated += 1;
        },
      };
    };
    const fallback = createWorkerPull({ spawn: failing, local, takeEarly: async () => null });
    expect(await fallback(null)).toEqual({ ok: true, pages: 1, changes: 0 });
    expect(await fallback(null)).toEqual({ ok: true, pages: 1, changes: 0 });
    expect(spawned).toBe(1);
    expect(terminated).toBe(1);
    expect(tabHttp.syncRequests).toHaveLength(2);
  });
});
