import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMIT_FENCE_LOCK } from '../../../src/server/storage/db';
import type { Change, SyncResponse } from '../../../src/protocol/sync';
import { syncResponseSchema } from '../../../src/protocol/sync';
import { compactTombstones } from '../../../src/server/storage/compaction';
import { api, catalogue, DEMO, tokenFor, unsoldTourOf } from '../../support/api';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';

async function pullAll(server: TestServer, token?: string, cursor?: string, limit = 2000) {
  const client = api(server, token);
  const changes: Change[] = [];
  let pages = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const page = syncResponseSchema.parse(await client.json<SyncResponse>(`/api/sync?${query}`));
    changes.push(...page.changes);
    cursor = page.cursor;
    pages += 1;
    if (!page.more) return { changes, cursor, pages };
  }
}

const keyOf = (c: Change) =>
  `${c.collection}:${c.op === 'delete' ? c.id : 'row' in c && '_id' in c.row ? c.row._id : JSON.stringify(c.row)}`;

describe.each(ENGINES)('incremental sync on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('pulls the whole public catalogue without a cursor, and nothing personal without a token', async () => {
    const { excursions, tours } = await catalogue(server);
    const { changes } = await pullAll(server);
    const count = (collection: string) => changes.filter((c) => c.collection === collection).length;
    expect(count('excursions')).toBe(excursions.length);
    expect(count('tours')).toBe(tours.length);
    expect(count('places')).toBeGreaterThanOrEqual(12);
    expect(count('cities')).toBeGreaterThanOrEqual(6);
    expect(count('banners')).toBeGreaterThan(0);
    expect(count('special_offers')).toBeGreaterThan(0);
    expect(changes.every((c) => c.op === 'put')).toBe(true);
    expect(count('user') + count('tickets') + count('favorites')).toBe(0);
  });

  it('answers first visits from one build until something changes, then with the change', async () => {
    const firstPage = async () => {
      const response = await fetch(`${server.url}/api/sync?limit=2000`);
      return { etag: response.headers.get('etag'), page: syncResponseSchema.parse(await response.json()) };
    };
    const a = await firstPage();
    const b = await firstPage();
    expect(b.etag).toBe(a.etag);
    expect(b.page).toEqual(a.page);

    const { excursion } = await unsoldTourOf(server, DEMO.seller);
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const slot = { excursionID: excursion._id, date: '2099-01-02', time: '09:10' };
    const created = (await (await seller.send('POST', '/api/tours', { tours: [slot] })).json()) as {
      tours: { _id: string }[];
    };
    const c = await firstPage();
    expect(c.etag).not.toBe(a.etag);
    const tourIds = c.page.changes.flatMap((change) =>
      change.collection === 'tours' && change.op === 'put' ? [change.row._id] : [],
    );
    expect(tourIds).toContain(created.tours[0]?._id);
    // A signed-in first pull is never the shared one: it carries the caller's own row.
    const own = await pullAll(server, await tokenFor(server, DEMO.tourist));
    expect(own.changes.filter((change) => change.collection === 'user')).toHaveLength(1);
  });

  it('pages through the same rows in order, each exactly once: tours last, grouped by excursion', async () => {
    const whole = await pullAll(server);
    const paged = await pullAll(server, undefined, undefined, 100);
    expect(paged.pages).toBeGreaterThan(5);
    expect(paged.changes.map(keyOf).sort()).toEqual(whole.changes.map(keyOf).sort());
    const firstTour = paged.changes.findIndex((c) => c.collection === 'tours');
    const rest = paged.changes.slice(0, firstTour);
    const tours = paged.changes.slice(firstTour);
    expect(firstTour).toBeGreaterThan(0);
    expect(tours.every((c) => c.collection === 'tours')).toBe(true);
    const versions = rest.map((c) => c.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    // Each excursion's tours arrive together, by date and time, so the phone writes them as one record.
    const slots = tours.map((c) =>
      c.collection === 'tours' && c.op === 'put' ? `${c.row.excursionID} ${c.row.date} ${c.row.time}` : '',
    );
    expect(slots).toEqual([...slots].sort());
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('keeps a first sync consistent while the catalogue changes under it', async () => {
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const { tour: gone, excursion } = await unsoldTourOf(server, DEMO.seller);
    // Start a paged first sync, then change tours the later pages would bring (and one already served).
    const client = api(server);
    const first = syncResponseSchema.parse(await client.json<SyncResponse>('/api/sync?limit=100'));
    expect(first.more).toBe(true);
    const slot = { excursionID: excursion._id, date: '2099-03-04', time: '08:15' };
    const made = (await (await seller.send('POST', '/api/tours', { tours: [slot] })).json()) as {
      tours: { _id: string }[];
    };
    expect((await seller.send('DELETE', '/api/tours', { tour_ids: [gone._id] })).status).toBe(200);
    const rest = await pullAll(server, undefined, first.cursor, 100);

    // Applied like a replica (newest version of each row wins, deletions remove), the pages give
    // exactly what a first sync started now gives.
    const replica = new Map<string, Change>();
    for (const change of [...first.changes, ...rest.changes]) {
      const held = replica.get(keyOf(change));
      if (held && held.version >= change.version) continue;
      replica.set(keyOf(change), change);
    }
    const live = [...replica.values()]
      .filter((c) => c.op === 'put')
      .map(keyOf)
      .sort();
    const fresh = await pullAll(server);
    expect(live).toEqual(fresh.changes.map(keyOf).sort());
    expect(live).toContain(`tours:${made.tours[0]?._id}`);
    expect(live).not.toContain(`tours:${gone._id}`);
    // The snapshot's own pages never carry a row changed after it began; those come as changes.
    expect(rest.changes.filter((c) => keyOf(c) === `tours:${gone._id}`).at(-1)?.op).toBe('delete');
  });

  it('starts over from a snapshot cursor that is malformed or issued for someone else', async () => {
    const client = api(server);
    const first = syncResponseSchema.parse(await client.json<SyncResponse>('/api/sync?limit=10'));
    expect(first.cursor).toMatch(/^s1\./);
    const tours = syncResponseSchema.parse(await client.json<SyncResponse>('/api/sync?limit=300'));
    expect(tours.cursor).toMatch(/^t1\./);
    const bad = [
      first.cursor.replace(/\.0$/, '.7'),
      first.cursor.replace(/^s1\.(\d+)\.(\d+)/, (_, at: string) => `s1.${at}.${Number(at) + 1}`),
      tours.cursor.replace(/^t1\.(\d+)\.0/, 't1.$1.3'),
      't1.5.0.zz',
      't1.5.0.' + 'a'.repeat(24) + '.2026-13-01',
    ];
    for (const cursor of bad) {
      const response = await client.send('GET', `/api/sync?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(410);
    }
  });

  it('after a cursor, returns exactly the changed excursion and the deleted tour', async () => {
    const { cursor } = await pullAll(server);
    expect((await pullAll(server, undefined, cursor)).changes).toEqual([]);

    const { tour, excursion } = await unsoldTourOf(server, DEMO.seller);
    await server.db.transaction((tx) =>
      tx.query(`UPDATE excursions SET title = title || ' (обновлено)' WHERE id = $1`, [excursion._id]),
    );
    const seller = api(server, await tokenFor(server, DEMO.seller));
    expect((await seller.send('DELETE', '/api/tours', { tour_ids: [tour._id] })).status).toBe(200);

    const { changes } = await pullAll(server, undefined, cursor);
    expect(changes).toHaveLength(2);
    const changed = changes.find((c) => c.collection === 'excursions');
    expect(changed?.op === 'put' && changed.row.title).toBe(`${excursion.title} (обновлено)`);
    // The replica's rows leave out the id lists: an excursion's tours and a tour's tickets.
    expect(changed?.op === 'put' && Object.keys(changed.row)).not.toContain('tours');
    expect(changes.find((c) => c.collection === 'tours')).toMatchObject({ op: 'delete', id: tour._id });
  });

  it('adds the caller’s own user, tickets and favourites with a token, and never another user’s', async () => {
    const token = await tokenFor(server, DEMO.boxOffice);
    const { changes } = await pullAll(server, token);
    const user = changes.filter((c) => c.collection === 'user');
    expect(user).toHaveLength(1);
    expect(user[0]?.op === 'put' && user[0].row.id).toBe(DEMO.boxOffice);
    const tickets = changes.filter((c) => c.collection === 'tickets');
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets.every((c) => c.op === 'put' && c.row.userID === DEMO.boxOffice && c.row.tour)).toBe(true);

    const tourist = await pullAll(server, await tokenFor(server, DEMO.tourist));
    expect(tourist.changes.filter((c) => c.collection === 'tickets')).toEqual([]);
  });

  it('sends a removed favourite as a tombstone keyed by the excursion', async () => {
    const token = await tokenFor(server, DEMO.tourist);
    const { excursions } = await catalogue(server);
    const liked = excursions[0]?._id as string;
    await server.db.transaction((tx) =>
      tx.query('INSERT INTO favorites (user_id, excursion_id) VALUES ($1, $2)', [DEMO.tourist, liked]),
    );
    const first = await pullAll(server, token);
    expect(first.changes).toContainEqual(
      expect.objectContaining({ collection: 'favorites', row: { excursionID: liked } }),
    );
    const otherToken = await tokenFor(server, DEMO.seller2);
    const otherStart = await pullAll(server, otherToken);
    await server.db.transaction((tx) => tx.query('DELETE FROM favorites WHERE user_id = $1', [DEMO.tourist]));
    const next = await pullAll(server, token, first.cursor);
    expect(next.changes).toContainEqual(
      expect.objectContaining({ collection: 'favorites', op: 'delete', id: liked }),
    );
    // Another user's pull over the same span does not carry that tombstone.
    const other = await pullAll(server, otherToken, otherStart.cursor);
    expect(other.changes.some((c) => c.collection === 'favorites')).toBe(false);
  });

  it('tells a client to start over when the cursor belongs to another user or is malformed', async () => {
    const { cursor } = await pullAll(server);
    const asTourist = await api(server, await tokenFor(server, DEMO.tourist)).get(
      `/api/sync?cursor=${cursor}`,
    );
    expect(asTourist.status).toBe(410);
    expect(await asTourist.json()).toMatchObject({ reset: true });
    expect((await api(server).get('/api/sync?cursor=garbage')).status).toBe(410);
    expect((await api(server).get('/api/sync?limit=-4')).status).toBe(400);
  });

  it('tells a replica older than the kept tombstones to start over', async () => {
    const { cursor } = await pullAll(server);
    const { tour } = await unsoldTourOf(server, DEMO.seller);
    const seller = api(server, await tokenFor(server, DEMO.seller));
    expect((await seller.send('DELETE', '/api/tours', { tour_ids: [tour._id] })).status).toBe(200);
    // Compacting with a retention of minus one day forgets every tombstone, this one included.
    expect(await compactTombstones(server.db, new Date(), -1)).toBeGreaterThan(0);
    expect((await api(server).get(`/api/sync?cursor=${cursor}`)).status).toBe(410);
    const fresh = await pullAll(server);
    expect((await api(server).get(`/api/sync?cursor=${fresh.cursor}`)).status).toBe(200);
  });

  // Concurrent transactions exist only on a real PostgreSQL server (PGlite is one connection).
  if (engine === 'postgres') {
    it('never skips a version whose transaction commits while a pull runs', async () => {
      const { cursor } = await pullAll(server);
      const { excursions } = await catalogue(server);
      const target = excursions[2] as { _id: string };
      // A writer takes a version, then holds its transaction open.
      const writer = new pg.Client({ connectionString: server.databaseUrl });
      await writer.connect();
      await writer.query('BEGIN');
      await writer.query('SELECT pg_advisory_xact_lock_shared($1)', [COMMIT_FENCE_LOCK]);
      await writer.query('UPDATE excursions SET popularity = popularity + 1 WHERE id = $1', [target._id]);
      const pulling = pullAll(server, undefined, cursor);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writer.query('COMMIT');
      await writer.end();
      const { changes } = await pulling;
      expect(
        changes.some((c) => c.collection === 'excursions' && c.op === 'put' && c.row._id === target._id),
      ).toBe(true);
    });
  }

  it('refuses a forged or expired token with 401 instead of serving it anonymously', async () => {
    const expired = await tokenFor(server, DEMO.tourist, 0, -10);
    expect((await api(server, expired).get('/api/sync')).status).toBe(401);
    expect((await api(server, 'not.a.token').get('/api/sync')).status).toBe(401);
  });

  it('answers 304 to a repeated list or sync request with its ETag', async () => {
    for (const path of ['/api/excursions', '/api/tours', '/api/cities', '/api/sync?limit=5']) {
      const first = await api(server).get(path);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await api(server).get(path, { headers: { 'If-None-Match': etag as string } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
  });

  it('compresses list answers for clients that accept gzip', async () => {
    const response = await fetch(`${server.url}/api/tours`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});
