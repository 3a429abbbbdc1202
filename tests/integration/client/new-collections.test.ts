import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../src/client/api/http';
import type { ReplicaDb } from '../../../src/client/db/schema';
import type { PullRunner } from '../../../src/client/sync/pull/runner';
import { pullAll } from '../../../src/client/sync/pull/tab';
import {
  createWorkerPull,
  servePulls,
  type PortLike,
  type WorkerLike,
} from '../../../src/client/sync/pull/worker';
import { SYNC_COLLECTIONS } from '../../../src/protocol/sync';
import { api, catalogue, DEMO, tokenFor, unsoldTourOf } from '../../support/api';
import { book, bookingBody, newBuyers, sellersCoachTour } from '../../support/booking';
import { newFactory, openReplica } from '../../support/client';
import { startTestServer, type TestServer } from '../../support/server';

// An installed app meets a server with more collections than it knows, and is later updated to know
// them, against a real server: the older app keeps syncing what it knows, and the updated one brings
// the new collection's older rows without ever emptying the replica its screens read.

const ALL = [...SYNC_COLLECTIONS].sort();
/** What an app from before reviews knew. */
const OLDER = ALL.filter((name) => name !== 'reviews' && name !== 'review_queue');
/** Small pages, so a catch-up spans several and the replica can be looked at between them. */
const PAGE = 15;

function asPort(port: MessagePort): PortLike & WorkerLike {
  return {
    postMessage: (message) => port.postMessage(message),
    addEventListener: (type, listener) => {
      if (type === 'message') port.on('message', (data: unknown) => listener({ data }));
    },
    terminate: () => port.close(),
  };
}

/** The real server's answers, with pages of PAGE changes, and a look before each sync request. */
function smallPages(server: TestServer, before: (cursor: string) => Promise<void>) {
  const cursors: string[] = [];
  const http = createHttpClient(server.url, async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/sync') {
      url.searchParams.set('limit', String(PAGE));
      const cursor = url.searchParams.get('cursor') ?? '';
      cursors.push(cursor);
      await before(cursor);
    }
    return fetch(url, init);
  });
  return { http, cursors };
}

interface Counts {
  excursions: number;
  places: number;
  cities: number;
  banners: number;
  specialOffers: number;
  tours: number;
  kept: boolean;
  /** The replica's cursor is a changes cursor: screens take the replica as synced. */
  synced: boolean;
}

describe('collections the server has and an app did not know', () => {
  let server: TestServer;
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    server = await startTestServer('pglite');
    // Two reviews on the seller's departures, so the new collection has rows older than any cursor.
    const used = new Set<string>();
    const buyers = await newBuyers(server, 2);
    for (const [i, buyer] of buyers.entries()) {
      const { excursion, tour } = await sellersCoachTour(server, used);
      const booked = await book(
        server,
        buyer.token,
        bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] }),
      );
      expect(booked.status).toBe(200);
      await server.db.query(
        `INSERT INTO reviews (ticket_id, excursion_id, author_id, author_name, trip_date, rating, text,
           created_at, updated_at)
         VALUES ($1, $2, $3, 'Покупатель', $4::date, $5, 'Отлично', now(), now())`,
        [booked.body.ticket_id, excursion._id, buyer.id, tour.date, 4 + i],
      );
    }
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const serverReviewIds = async () =>
    (await server.db.query<{ ticket_id: string }>('SELECT ticket_id FROM reviews ORDER BY ticket_id')).map(
      (row) => row.ticket_id,
    );

  /** A pull as the tab runs it, or as the worker runs it with a connection of its own. */
  function runner(kind: 'tab' | 'worker', db: ReplicaDb, factory: IDBFactory, http: HttpClient): PullRunner {
    if (kind === 'tab')
      return (token) => pullAll(http, db, token, { early: () => undefined, onFilled: () => undefined });
    const workerDb = openReplica(factory, 'replica');
    const channel = new MessageChannel();
    servePulls(asPort(channel.port1), workerDb, http);
    cleanups.push(() => {
      channel.port1.close();
      channel.port2.close();
      workerDb.close();
    });
    return createWorkerPull({
      spawn: () => asPort(channel.port2),
      local: () => Promise.reject(new Error('the worker answers every pull here')),
      takeEarly: async () => null,
    });
  }

  it.each(['tab', 'worker'] as const)(
    'an updated app (%s) brings the rows of a collection its replica lacks, and the replica never empties',
    async (kind) => {
      const factory = newFactory();
      const db = openReplica(factory, 'replica');
      cleanups.push(() => db.close());
      const looks: { cursor: string; counts: Counts }[] = [];
      let keptTour = '';
      const counts = async (): Promise<Counts> => ({
        excursions: await db.excursions.count(),
        places: await db.places.count(),
        cities: await db.cities.count(),
        banners: await db.banners.count(),
        specialOffers: await db.specialOffers.count(),
        tours: await db.tours.count(),
        kept: keptTour !== '' && (await db.tours.get(keptTour)) !== undefined,
        synced: /^v1\./.test(String((await db.meta.get('cursor'))?.value)),
      });
      const { http, cursors } = smallPages(server, async (cursor) => {
        looks.push({ cursor, counts: await counts() });
      });
      const pull = runner(kind, db, factory, http);

      expect(await pull(null)).toMatchObject({ ok: true });
      expect((await db.meta.get('collections'))?.value).toEqual(ALL);
      expect((await db.reviews.toArray()).map((row) => row._id).sort()).toEqual(await serverReviewIds());

      // The replica as an app from before reviews left it: no reviews, a record without them.
      await db.reviews.clear();
      await db.meta.put({ key: 'collections', value: OLDER });
      // Meanwhile the seller removes a departure: the catch-up brings deletions too.
      const { excursion, tour: removed } = await unsoldTourOf(server, DEMO.seller);
      const seller = api(server, await tokenFor(server, DEMO.seller));
      expect((await seller.send('DELETE', '/api/tours', { tour_ids: [removed._id] })).status).toBe(200);
      keptTour = (await db.tours.ofExcursion(excursion._id)).find((t) => t._id !== removed._id)?._id ?? '';
      expect(keptTour).not.toBe('');
      const before = await counts();
      const storedCursor = (await db.meta.get('cursor'))?.value as string;
      looks.length = 0;
      cursors.length = 0;

      expect(await pull(null)).toMatchObject({ ok: true });

      // Up to date from the stored cursor first, then a snapshot from no cursor over several pages.
      expect(cursors[0]).toBe(storedCursor);
      const snapshotStart = cursors.indexOf('');
      expect(snapshotStart).toBeGreaterThan(0);
      expect(cursors.length - snapshotStart).toBeGreaterThan(2);
      // Between every two pages the replica held all it held before (but the removed departure).
      expect(looks.length).toBe(cursors.length);
      for (const { counts: seen } of looks) {
        expect(seen.kept).toBe(true);
        expect(seen.synced).toBe(true);
        expect(seen.excursions).toBeGreaterThanOrEqual(before.excursions);
        expect(seen.places).toBeGreaterThanOrEqual(before.places);
        expect(seen.cities).toBeGreaterThanOrEqual(before.cities);
        expect(seen.banners).toBeGreaterThanOrEqual(before.banners);
        expect(seen.specialOffers).toBeGreaterThanOrEqual(before.specialOffers);
        expect(seen.tours).toBeGreaterThanOrEqual(before.tours - 1);
      }

      expect((await db.reviews.toArray()).map((row) => row._id).sort()).toEqual(await serverReviewIds());
      expect(await db.tours.get(removed._id)).toBeUndefined();
      const now = await catalogue(server);
      expect((await db.excursions.toArray()).map((row) => row._id).sort()).toEqual(
        now.excursions.map((row) => row._id).sort(),
      );
      expect((await db.tours.toArray()).map((row) => row._id).sort()).toEqual(
        now.tours.map((row) => row._id).sort(),
      );
      expect((await db.meta.get('collections'))?.value).toEqual(ALL);
      expect(await db.meta.get('catchUpCursor')).toBeUndefined();

      // Caught up once: the next pull asks for changes only.
      cursors.length = 0;
      expect(await pull(null)).toMatchObject({ ok: true });
      expect(cursors).not.toContain('');
    },
  );

  it('an app that does not know a collection skips its changes and applies the rest of the page', async () => {
    const db = openReplica(newFactory(), 'replica');
    cleanups.push(() => db.close());
    const real = createHttpClient(server.url);
    let added = 0;
    // The real server's first page, with changes of a collection no app knows yet.
    const http: HttpClient = {
      async request<T>(method: string, path: string, options?: Parameters<HttpClient['request']>[2]) {
        const answer = await real.request<{ changes: unknown[] }>(method, path, options);
        if (path.startsWith('/api/sync') && !path.includes('cursor=') && answer.ok) {
          answer.data.changes.unshift(
            { collection: 'trips', op: 'put', version: 1, row: { _id: 'a', route: [1, 2] } },
            { collection: 'trips', op: 'delete', version: 2, id: 'b' },
          );
          added += 2;
        }
        return answer as unknown as Awaited<ReturnType<HttpClient['request']>> & { data: T };
      },
    };
    expect(
      await pullAll(http, db, null, { early: () => undefined, onFilled: () => undefined }),
    ).toMatchObject({
      ok: true,
    });
    expect(added).toBe(2);
    const { excursions, tours } = await catalogue(server);
    expect(await db.excursions.count()).toBe(excursions.length);
    expect(await db.tours.count()).toBe(tours.length);
    expect((await db.reviews.toArray()).map((row) => row._id).sort()).toEqual(await serverReviewIds());
    expect((await db.meta.get('cursor'))?.value).toMatch(/^v1\./);
  });
});
