import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { checkSession } from '../../../src/client/commands/account';
import { checkSessionUntilAnswered } from '../../../src/client/sync/engine/browser';
import { createSyncEngine, type SyncEngine } from '../../../src/client/sync/engine/engine';
import type { WebSocketLike } from '../../../src/client/sync/live/socket';
import { readSession, writeToken } from '../../../src/client/commands/session';
import { SYNC_RESET_STATUS } from '../../../src/protocol/sync';
import { DEMO, tokenFor } from '../../support/api';
import { createClient, memoryStorage, newFactory, openReplica, until } from '../../support/client';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// A stored token restores the session on a page whose replica was filled for a visitor: the page
// opened without a login, the token was stored, the next page opened (the e2e logout test does just
// that). users/me writes the user's row at once; the leader's first pull then hears "start over" (the
// cursor was issued for nobody), which clears every synced row but the user's placeholder (see
// clear-synced.test.ts), before the full pull brings the real one. A server hiccup in between must not
// leave the replica without the user for good, nor the account page on "loading": the pull and
// users/me are asked for again.

const unavailable = () => new Response(JSON.stringify({ detail: 'busy' }), { status: 503 });

describe.each(ONE_ENGINE)('a session restored on a visitor’s replica on %s', (engineName) => {
  let server: TestServer;
  const engines: SyncEngine[] = [];
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(engineName);
  });
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()));
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** The first page: no login, its pull leaves a cursor issued for nobody. */
  async function visitorReplica(name: string): Promise<ReplicaDb> {
    const db = openReplica(newFactory(), name);
    const { engine } = createClient(server, { db });
    engines.push(engine);
    engine.start();
    await until(async () => (await db.meta.get('cursor'))?.value !== undefined);
    await engine.stop();
    expect((await db.meta.get('cursor'))?.value).toMatch(/\.0$/);
    return db;
  }

  it('the user row wiped by the start-over comes back although the pulls right after it fail', async () => {
    const db = await visitorReplica('restored');
    const storage = memoryStorage();
    writeToken(storage, await tokenFor(server, DEMO.tourist));
    // The next page: users/me answers first, so the row is there before the pull starts over.
    expect(await checkSession({ db, http: createHttpClient(server.url), storage })).toBe('valid');
    expect((await db.users.get(DEMO.tourist))?._v).toBe(0);

    // The pulls after the start-over meet a busy server: the leader's own and the one the socket
    // asks for when it opens.
    const statuses: number[] = [];
    let refused = 0;
    const fetchThrough: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const full = url.pathname === '/api/sync' && !url.searchParams.has('cursor');
      const response = full && refused < 2 ? (refused++, unavailable()) : await fetch(input, init);
      if (url.pathname === '/api/sync') statuses.push(response.status);
      return response;
    };
    const engine = createSyncEngine({
      db,
      baseUrl: server.url,
      wsUrl: `${server.url.replace(/^http/, 'ws')}/ws`,
      fetch: fetchThrough,
      connectSocket: (url) => {
        const socket = new WebSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocketLike;
      },
      session: () => readSession(storage),
      random: () => 0,
    });
    engines.push(engine);
    engine.start();

    await until(() => refused === 2);
    // The forced order: the reset came first and cleared the row, then both full pulls failed.
    expect(statuses.slice(0, 3)).toEqual([SYNC_RESET_STATUS, 503, 503]);
    const user = await until(async () => {
      const row = await db.users.get(DEMO.tourist);
      return row && row._v > 0 ? row : undefined;
    }, 10_000);
    expect(user?.id).toBe(DEMO.tourist);
    expect((await db.meta.get('cursor'))?.value).toMatch(new RegExp(`\\.${DEMO.tourist}$`));
    expect(await db.excursions.count()).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(200);
  });

  it('a pull that keeps failing is asked again on a growing backoff, and stops once it succeeds', async () => {
    const db = openReplica(newFactory(), 'backoff');
    const asked: number[] = [];
    let failures = 3;
    const engine = createSyncEngine({
      db,
      baseUrl: server.url,
      wsUrl: `${server.url.replace(/^http/, 'ws')}/ws`,
      fetch: async (input, init) => {
        if (new URL(String(input)).pathname === '/api/sync') {
          asked.push(Date.now());
          if (failures > 0) {
            failures -= 1;
            return unavailable();
          }
        }
        return fetch(input, init);
      },
      // No socket in this test (it would ask for a pull of its own when it opens).
      connectSocket: () => {
        throw new Error('no socket here');
      },
      session: () => ({ token: null, userId: null }),
      random: () => 0,
    });
    engines.push(engine);
    engine.start();
    await until(async () => (await db.meta.get('cursor'))?.value !== undefined, 10_000);
    // Half of 1 s, 2 s and 4 s with this jitter: 0.5 s, 1 s, 2 s apart.
    const gaps = asked.slice(1, 4).map((at, i) => at - (asked[i] as number));
    expect(gaps).toHaveLength(3);
    expect(gaps[0]).toBeGreaterThanOrEqual(450);
    expect(gaps[1]).toBeGreaterThanOrEqual(950);
    expect(gaps[2]).toBeGreaterThanOrEqual(1950);
    // Succeeded: nothing more is asked by a timer.
    const settled = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(asked.length).toBe(settled);
  });

  it('a session check that got no answer asks again until users/me answers, then keeps or ends the session', async () => {
    const db = openReplica(newFactory(), 'check-again');
    const storage = memoryStorage();
    writeToken(storage, await tokenFor(server, DEMO.tourist));
    const answers: (() => Promise<Response>)[] = [
      async () => unavailable(),
      () => Promise.reject(new TypeError('fetch failed: connection reset')),
      async () => new Response(JSON.stringify({ detail: 'Слишком много запросов' }), { status: 429 }),
    ];
    const waits: number[] = [];
    const http = createHttpClient(server.url, (input, init) => answers.shift()?.() ?? fetch(input, init));
    const wait = async (ms: number) => void waits.push(ms);
    expect(await checkSessionUntilAnswered({ db, http, storage }, { random: () => 0, wait })).toBe('valid');
    expect(waits).toEqual([500, 1000, 2000]);
    expect((await db.users.get(DEMO.tourist))?.id).toBe(DEMO.tourist);

    // A token the server no longer accepts ends the session once the server answers.
    writeToken(storage, await tokenFor(server, DEMO.tourist, 99));
    answers.push(async () => unavailable());
    waits.length = 0;
    expect(await checkSessionUntilAnswered({ db, http, storage }, { random: () => 0, wait })).toBe(
      'signed-out',
    );
    expect(waits).toEqual([500]);
    expect(readSession(storage).token).toBeNull();
    expect(await db.users.count()).toBe(0);
  });
});
