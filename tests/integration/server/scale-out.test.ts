import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import type { ServerMessage } from '../../../src/protocol/realtime';
import { syncResponseSchema, type Change } from '../../../src/protocol/sync';
import { createLogger } from '../../../src/server/log';
import { createEventBus, type ServerEvent } from '../../../src/server/realtime/events';
import { MAX_INLINE_PAYLOAD_BYTES } from '../../../src/server/realtime/notify-plan';
import { EVENTS_CHANNEL, startPgFanout, type ClusterEventBus } from '../../../src/server/realtime/pg-fanout';
import { openPostgres, type Db } from '../../../src/server/storage/db';
import { api, DEMO, tokenFor } from '../../support/api';
import { bookingBody } from '../../support/booking';
import { startCluster, type Cluster, type ClusterNode } from '../../support/cluster';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from '../../support/postgres';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket, type TestSocket } from '../../support/socket';

// Several server processes on one PostgreSQL. Two real child processes share a database (and a
// media directory, and the token secret); events cross between them through LISTEN/NOTIFY, and
// everything one process alone would keep to itself (holds, idempotency keys, rate limits) is shared.
// With PGlite (one process by nature) events stay in the process.

const seller = DEMO.seller;

async function subscribe(url: string, channels: string[], token?: string): Promise<TestSocket> {
  const socket = await openSocket(url);
  socket.send({ type: 'subscribe', channels, ...(token ? { token } : {}) });
  await socket.next((m) => m.type === 'subscribed');
  return socket;
}

async function catalogueAt(url: string) {
  const get = async <T>(path: string) => (await (await fetch(`${url}${path}`)).json()) as T;
  const { excursions } = await get<{ excursions: Excursion[] }>('/api/excursions');
  const { tours } = await get<{ tours: Tour[] }>('/api/tours');
  return { excursions, tours };
}

function post(url: string, token: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const ticketIdOf = (m: ServerMessage) => (m.type === 'TICKET_UPDATE' ? m.data.ticket?._id : undefined);

describe('one process on PGlite', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { HOLD_SWEEP_SECONDS: '3600' } });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('keeps events in the process: a new tour reaches its sockets and its cached list changes', async () => {
    const { excursions } = await catalogueAt(server.url);
    const excursion = excursions.find((e) => e.ownerID === seller) as Excursion;
    const before = await fetch(`${server.url}/api/tours`);
    const etag = before.headers.get('etag') as string;
    expect((await fetch(`${server.url}/api/tours`, { headers: { 'If-None-Match': etag } })).status).toBe(304);

    const socket = await subscribe(server.url, ['TOUR_UPDATE']);
    const slot = { excursionID: excursion._id, date: addDays(crimeaToday(new Date()), 90), time: '09:45' };
    const response = await api(server, await tokenFor(server, seller)).send('POST', '/api/tours', {
      tours: [slot],
    });
    const created = ((await response.json()) as { tours: Tour[] }).tours[0] as Tour;
    await socket.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === created._id);
    // The socket event moved the generation, so the old ETag no longer matches.
    const after = await fetch(`${server.url}/api/tours`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { tours: Tour[] }).tours.map((t) => t._id)).toContain(created._id);
    socket.close();
  });

  it('sweeps an expired hold once, announcing it once', async () => {
    const { excursions, tours } = await catalogueAt(server.url);
    const today = crimeaToday(new Date());
    const tour = tours.find(
      (t) => t.date > today && excursions.find((e) => e._id === t.excursionID)?.busType === 'none',
    ) as Tour;
    const excursion = excursions.find((e) => e._id === tour.excursionID) as Excursion;
    const token = await tokenFor(server, DEMO.tourist);
    const booked = await api(server, token).send(
      'POST',
      '/api/tickets',
      bookingBody(DEMO.tourist, excursion, tour, { adults: 1 }),
    );
    const ticketId = ((await booked.json()) as { ticket_id: string }).ticket_id;
    const socket = await subscribe(server.url, ['TICKET_UPDATE'], token);
    await server.db.query(`UPDATE tickets SET hold_until = now() - interval '1 minute' WHERE id = $1`, [
      ticketId,
    ]);
    // Two sweeps at once in one process share one run; a later one finds nothing left.
    const [first, second] = await Promise.all([server.sweepHolds(), server.sweepHolds()]);
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(first);
    expect(await server.sweepHolds()).toBe(0);
    await socket.next((m) => ticketIdOf(m) === ticketId);
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    expect(socket.messages.filter((m) => ticketIdOf(m) === ticketId)).toHaveLength(1);
    socket.close();
  });
});

if (ONE_ENGINE.includes('postgres') && TEST_DATABASE_URL) {
  const baseUrl = TEST_DATABASE_URL;

  describe('two server processes on one PostgreSQL', () => {
    let cluster: Cluster;
    let p1: ClusterNode;
    let p2: ClusterNode;
    let sql: pg.Pool;
    let excursions: Excursion[];
    let tours: Tour[];
    const used = new Set<string>();

    beforeAll(async () => {
      // Both sweepers run every second, so a hold expiry really races.
      cluster = await startCluster(baseUrl, 2, { HOLD_SWEEP_SECONDS: '1' });
      [p1, p2] = cluster.nodes as [ClusterNode, ClusterNode];
      sql = new pg.Pool({ connectionString: cluster.database.url, max: 4 });
      ({ excursions, tours } = await catalogueAt(p1.url));
    });
    afterAll(async () => {
      await sql?.end();
      await cluster?.destroy();
    });

    const today = () => crimeaToday(new Date());
    /** A future tour of a `busType` excursion, not used by another test, sold out but for `left` places. */
    async function tourWithLastPlaces(busType: 'coach' | 'none', left: number) {
      const freeOn = (t: Tour, e: Excursion) =>
        busType === 'none' ? e.maxAttendants - t.attendantsRegistred : t.emptySeats.length;
      const tour = tours.find((t) => {
        const e = excursions.find((x) => x._id === t.excursionID);
        return e?.busType === busType && t.date > today() && !used.has(t._id) && freeOn(t, e) > left;
      }) as Tour;
      used.add(tour._id);
      const excursion = excursions.find((e) => e._id === tour.excursionID) as Excursion;
      const free = freeOn(tour, excursion);
      const id = `b${tour._id.slice(1)}`;
      await sql.query(
        `INSERT INTO tickets (id, user_id, tour_id, adults, kids, excursion_price, status) VALUES ($1, $2, $3, $4, 0, 0, 'confirmed')`,
        [id, DEMO.boxOffice, tour._id, free - left],
      );
      if (busType !== 'none')
        await sql.query(
          'INSERT INTO ticket_seats (ticket_id, tour_id, seat) SELECT $1, $2, unnest($3::int[])',
          [id, tour._id, tour.emptySeats.slice(left)],
        );
      const now = (await (await fetch(`${p2.url}/api/tours/${tour._id}`)).json()) as Tour;
      return { excursion, tour: now };
    }

    let buyersMade = 0;
    /** New buyers' accounts: an account holds only a few unpaid bookings at once. */
    async function newBuyers(count: number): Promise<{ id: number; token: string }[]> {
      buyersMade += 1;
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, name)
         SELECT 'scale-' || $1::text || '-' || g || '@example.ru', 'not-a-hash', 'Покупатель ' || g
         FROM generate_series(1, $2::int) g RETURNING id`,
        [`${Date.now().toString(36)}-${buyersMade}`, count],
      );
      return Promise.all(rows.map(async ({ id }) => ({ id, token: await cluster.token(id) })));
    }

    it('starts both on one fresh database: one migration, one seed, one admin', async () => {
      const migrations = await sql.query('SELECT id FROM schema_migrations');
      expect(new Set(migrations.rows.map((r: { id: number }) => r.id)).size).toBe(migrations.rowCount);
      const admins = await sql.query(`SELECT id FROM users WHERE role = 'admin'`);
      expect(admins.rows).toEqual([{ id: DEMO.admin }]);
      expect((await catalogueAt(p2.url)).tours.length).toBe(tours.length);
    });

    it('a tour created through process 1 reaches a socket on process 2', async () => {
      const listEtag = (await fetch(`${p2.url}/api/tours`)).headers.get('etag') as string;
      const onP2 = await subscribe(p2.url, ['TOUR_UPDATE', 'EXCURSION_UPDATE']);
      const excursion = excursions.find((e) => e.ownerID === seller && e.busType === 'coach') as Excursion;
      const slot = { excursionID: excursion._id, date: addDays(today(), 95), time: '08:30' };
      const response = await post(p1.url, await cluster.token(seller), '/api/tours', { tours: [slot] });
      expect(response.status).toBe(200);
      const created = ((await response.json()) as { tours: Tour[] }).tours[0] as Tour;
      const delta = await onP2.next(
        (m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === created._id,
        10_000,
      );
      expect(delta.type === 'TOUR_UPDATE' && delta.data.tour).toMatchObject({
        _id: created._id,
        time: '08:30',
      });
      // The event moved process 2's generation: its cached list is rebuilt and shows the new tour.
      const list = await fetch(`${p2.url}/api/tours`, { headers: { 'If-None-Match': listEtag } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { tours: Tour[] }).tours.map((t) => t._id)).toContain(created._id);
      // Both processes build the same bytes, so an ETag from one is good on the other.
      const etag = list.headers.get('etag') as string;
      expect((await fetch(`${p1.url}/api/tours`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      onP2.close();
    });

    it('a sync cursor from one process is good on the other (one version sequence)', async () => {
      const pull = async (url: string, cursor?: string) => {
        const changes: Change[] = [];
        for (;;) {
          const query = new URLSearchParams({ limit: '2000', ...(cursor ? { cursor } : {}) });
          const response = await fetch(`${url}/api/sync?${query}`);
          expect(response.status).toBe(200);
          const page = syncResponseSchema.parse(await response.json());
          changes.push(...page.changes);
          cursor = page.cursor;
          if (!page.more) return { changes, cursor };
        }
      };
      const first = await pull(p1.url);
      expect(first.changes.length).toBeGreaterThan(0);
      const excursion = excursions.find((e) => e.ownerID === seller) as Excursion;
      const slot = { excursionID: excursion._id, date: addDays(today(), 97), time: '06:50' };
      const response = await post(p2.url, await cluster.token(seller), '/api/tours', { tours: [slot] });
      const created = ((await response.json()) as { tours: Tour[] }).tours[0] as Tour;
      // Process 1's cursor, served by process 2: exactly the change made there, and its excursion.
      const next = await pull(p2.url, first.cursor);
      const tourChanges = next.changes.filter((c) => c.collection === 'tours');
      expect(tourChanges).toHaveLength(1);
      expect(tourChanges[0]).toMatchObject({ row: { _id: created._id } });
      expect(next.changes.every((c) => c.collection === 'tours' || c.collection === 'excursions')).toBe(true);
      // And process 2's cursor on process 1: nothing new.
      expect((await pull(p1.url, next.cursor)).changes).toEqual([]);
    });

    it('a personal message reaches only its user, on either process', async () => {
      const tourist = await cluster.token(DEMO.tourist);
      const other = await cluster.token(DEMO.seller2);
      const channels = ['TICKET_UPDATE', 'USER_UPDATE'];
      const mine = [await subscribe(p1.url, channels, tourist), await subscribe(p2.url, channels, tourist)];
      const theirs = [await subscribe(p1.url, channels, other), await subscribe(p2.url, channels, other)];
      const { excursion, tour } = await tourWithLastPlaces('none', 10);

      const booked = await post(
        p2.url,
        tourist,
        '/api/tickets',
        bookingBody(DEMO.tourist, excursion, tour, { adults: 1 }),
      );
      expect(booked.status).toBe(200);
      const ticketId = ((await booked.json()) as { ticket_id: string }).ticket_id;
      for (const socket of mine) {
        await socket.next((m) => ticketIdOf(m) === ticketId);
        await socket.next(
          (m) => m.type === 'USER_UPDATE' && 'ticket_id' in m.data && m.data.ticket_id === ticketId,
        );
      }
      // The other user's own booking, through the other process, arrives after anything misrouted.
      const theirBooking = await post(
        p1.url,
        other,
        '/api/tickets',
        bookingBody(DEMO.seller2, excursion, tour, { adults: 1 }),
      );
      const theirTicket = ((await theirBooking.json()) as { ticket_id: string }).ticket_id;
      for (const socket of theirs) await socket.next((m) => ticketIdOf(m) === theirTicket);
      for (const socket of mine) await socket.next((m) => ticketIdOf(m) === ticketId);

      const personal = (s: TestSocket) =>
        s.messages.filter((m) => m.type === 'TICKET_UPDATE' || m.type === 'USER_UPDATE');
      for (const socket of theirs) {
        expect(personal(socket).every((m) => m.data.user_id === DEMO.seller2)).toBe(true);
        expect(socket.messages.some((m) => ticketIdOf(m) === ticketId)).toBe(false);
      }
      for (const socket of mine) {
        expect(personal(socket).every((m) => m.data.user_id === DEMO.tourist)).toBe(true);
        expect(socket.messages.some((m) => ticketIdOf(m) === theirTicket)).toBe(false);
        // Exactly one ticket_added, though the event was published on one process and relayed to the other.
        expect(
          socket.messages.filter(
            (m) =>
              m.type === 'USER_UPDATE' && m.data.action === 'ticket_added' && m.data.ticket_id === ticketId,
          ),
        ).toHaveLength(1);
      }
      for (const socket of [...mine, ...theirs]) socket.close();
    });

    it('concurrent bookings through both processes never oversell', async () => {
      const buyers = await newBuyers(60);
      const coach = await tourWithLastPlaces('coach', 4);
      const open = await tourWithLastPlaces('none', 4);
      const peopleOn = async (tourId: string) =>
        Number(
          (
            await sql.query<{ n: number }>(
              `SELECT coalesce(sum(adults + kids), 0)::int AS n FROM tickets WHERE tour_id = $1 AND status <> 'cancelled'`,
              [tourId],
            )
          ).rows[0]?.n,
        );
      const coachBefore = await peopleOn(coach.tour._id);
      const requests = Array.from({ length: 60 }, (_, i) => {
        const node = i % 2 === 0 ? p1 : p2;
        const { excursion, tour } = i % 3 === 0 ? open : coach;
        const seats = tour === coach.tour ? [coach.tour.emptySeats[i % 4] as number] : [];
        const buyer = buyers[i] as { id: number; token: string };
        return post(
          node.url,
          buyer.token,
          '/api/tickets',
          bookingBody(buyer.id, excursion, tour, { adults: 1, seats }),
        );
      });
      const statuses = (await Promise.all(requests)).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(8);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);

      expect(await peopleOn(open.tour._id)).toBe(open.excursion.maxAttendants);
      expect(await peopleOn(coach.tour._id)).toBe(coachBefore + 4);
      const twice = await sql.query(
        'SELECT tour_id, seat FROM ticket_seats WHERE active GROUP BY tour_id, seat HAVING count(*) > 1',
      );
      expect(twice.rows).toEqual([]);
      const after = (await (await fetch(`${p1.url}/api/tours/${coach.tour._id}`)).json()) as Tour;
      expect(after.emptySeats).toEqual([]);
    });

    it('the same Idempotency-Key through both processes at once books once', async () => {
      const [{ id: buyer, token }] = (await newBuyers(1)) as [{ id: number; token: string }];
      const { excursion, tour } = await tourWithLastPlaces('none', 10);
      const body = bookingBody(buyer, excursion, tour, { adults: 2 });
      const key = { 'Idempotency-Key': '9a7c1e4e-5a43-4f4b-8a43-6cf6d2b1e001' };
      const answers = await Promise.all(
        [p1, p2, p1, p2].map((node) => post(node.url, token, '/api/tickets', body, key)),
      );
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as { ticket_id: string }[];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(bodies.map((b) => b.ticket_id)).size).toBe(1);
      const count = await sql.query(
        `SELECT count(*)::int AS n FROM tickets WHERE tour_id = $1 AND user_id = $2`,
        [tour._id, buyer],
      );
      expect(count.rows[0]).toEqual({ n: 1 });
    });

    it('holds expire exactly once with both sweepers running', async () => {
      const [{ id: buyer, token }] = (await newBuyers(1)) as [{ id: number; token: string }];
      const { excursion, tour } = await tourWithLastPlaces('none', 10);
      const sockets = [
        await subscribe(p1.url, ['TICKET_UPDATE', 'TOUR_UPDATE'], token),
        await subscribe(p2.url, ['TICKET_UPDATE', 'TOUR_UPDATE'], token),
      ];
      const booked = await post(
        p1.url,
        token,
        '/api/tickets',
        bookingBody(buyer, excursion, tour, { adults: 3 }),
      );
      const ticketId = ((await booked.json()) as { ticket_id: string }).ticket_id;
      const tourUpdates = (s: TestSocket) =>
        s.messages.filter((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === tour._id).length;
      const before: number[] = [];
      for (const socket of sockets) {
        // The booking's own deltas have arrived everywhere before the hold runs out.
        await socket.next((m) => ticketIdOf(m) === ticketId);
        socket.send({ type: 'ping' });
        await socket.next((m) => m.type === 'pong');
        before.push(tourUpdates(socket));
      }
      await sql.query(`UPDATE tickets SET hold_until = now() - interval '1 minute' WHERE id = $1`, [
        ticketId,
      ]);
      const isCancel = (m: ServerMessage) =>
        m.type === 'TICKET_UPDATE' && m.data.ticket?._id === ticketId && m.data.ticket.status === 'cancelled';
      for (const socket of sockets) await socket.next(isCancel, 10_000);
      // Let both sweepers run a few more rounds, then a fresh change as a barrier on each socket.
      await new Promise((r) => setTimeout(r, 3500));
      const slot = { excursionID: excursion._id, date: addDays(today(), 96), time: '07:15' };
      const marker = await post(p2.url, await cluster.token(excursion.ownerID), '/api/tours', {
        tours: [slot],
      });
      const markerId = ((await marker.json()) as { tours: Tour[] }).tours[0]?._id;
      for (const [i, socket] of sockets.entries()) {
        await socket.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === markerId);
        expect(socket.messages.filter(isCancel)).toHaveLength(1);
        expect(tourUpdates(socket)).toBe((before[i] as number) + 1);
        socket.close();
      }
      const row = await sql.query('SELECT status FROM tickets WHERE id = $1', [ticketId]);
      expect(row.rows[0]).toEqual({ status: 'cancelled' });
    });

    it('a batch too big for one notification goes by id and arrives intact', async () => {
      const excursion = excursions.find((e) => e.ownerID === seller) as Excursion;
      const slots = Array.from({ length: 40 }, (_, i) => ({
        excursionID: excursion._id,
        date: addDays(today(), 100 + i),
        time: '10:10',
      }));
      const onP1 = await subscribe(p1.url, ['TOUR_UPDATE', 'EXCURSION_UPDATE']);
      const onP2 = await subscribe(p2.url, ['TOUR_UPDATE', 'EXCURSION_UPDATE']);
      const stored = Number((await sql.query('SELECT count(*)::int AS n FROM realtime_payloads')).rows[0].n);
      const response = await post(p1.url, await cluster.token(seller), '/api/tours', { tours: slots });
      const created = ((await response.json()) as { tours: Tour[] }).tours;
      expect(created).toHaveLength(40);
      const last = created.at(-1)?._id;
      for (const socket of [onP1, onP2]) {
        // One publish is one batch: after its last tour and a ping, the whole batch has arrived.
        await socket.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === last);
        socket.send({ type: 'ping' });
        await socket.next((m) => m.type === 'pong');
      }
      // Process 2 got exactly what process 1 delivered locally, byte for byte and in order.
      const relevant = (s: TestSocket) =>
        s.messages.filter(
          (m) =>
            (m.type === 'TOUR_UPDATE' && created.some((t) => t._id === m.data.tour_id)) ||
            (m.type === 'EXCURSION_UPDATE' && m.data.excursion_id === excursion._id),
        );
      expect(relevant(onP1).length).toBeGreaterThanOrEqual(40);
      expect(relevant(onP2)).toEqual(relevant(onP1));
      expect(Buffer.byteLength(JSON.stringify(relevant(onP1)))).toBeGreaterThan(MAX_INLINE_PAYLOAD_BYTES);
      const after = Number((await sql.query('SELECT count(*)::int AS n FROM realtime_payloads')).rows[0].n);
      expect(after).toBeGreaterThan(stored);
      onP1.close();
      onP2.close();
    });

    it('login attempts count across processes (one rate limit)', async () => {
      const attempt = (node: ClusterNode) =>
        fetch(`${node.url}/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ login_email: 'seller2@example.ru', password: 'wrong-password' }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await attempt(i % 2 === 0 ? p1 : p2)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('media written by one process is served by the other (one MEDIA_DIR)', async () => {
      const files = (await readdir(cluster.mediaDir)).filter((name) => !name.endsWith('.tmp'));
      expect(files.length).toBeGreaterThan(0);
      const image = excursions.find((e) => e.images.length > 0)?.images[0] as string;
      expect(files).toContain(image.split('/').at(-1));
      const [a, b] = await Promise.all([
        fetch(`${p1.url}/api/images/${image.split('/').at(-1)}`),
        fetch(`${p2.url}/api/images/${image.split('/').at(-1)}`),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
    });
  });

  describe('a rolling restart', () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster(baseUrl, 2, { LOG_LEVEL: 'info' });
    });
    afterAll(async () => {
      await cluster?.destroy();
    });

    it('SIGTERM lets a booking in flight finish, then the process exits cleanly; the other serves on', async () => {
      const [p1, p2] = cluster.nodes as [ClusterNode, ClusterNode];
      const { excursions, tours } = await catalogueAt(p1.url);
      const today = crimeaToday(new Date());
      const tour = tours.find(
        (t) => t.date > today && excursions.find((e) => e._id === t.excursionID)?.busType === 'none',
      ) as Tour;
      const excursion = excursions.find((e) => e._id === tour.excursionID) as Excursion;
      const token = await cluster.token(DEMO.tourist);
      // Hold the tour's row lock, so the booking below is still running when SIGTERM arrives.
      const blocker = new pg.Client({ connectionString: cluster.database.url });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM tours WHERE id = $1 FOR UPDATE', [tour._id]);
      const booking = post(
        p2.url,
        token,
        '/api/tickets',
        bookingBody(DEMO.tourist, excursion, tour, { adults: 1 }),
      );
      const waiting = async () =>
        (
          await blocker.query(
            `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`,
          )
        ).rows[0].n as number;
      for (let i = 0; i < 200 && (await waiting()) === 0; i += 1) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBeGreaterThan(0);

      const exited = p2.stop('SIGTERM');
      // Stopping: no new connections are taken.
      await expect(
        (async () => {
          for (let i = 0; i < 100; i += 1) {
            await fetch(`${p2.url}/api/health`);
            await new Promise((r) => setTimeout(r, 20));
          }
        })(),
      ).rejects.toThrow();
      await blocker.query('COMMIT');
      await blocker.end();

      const answer = await booking;
      expect(answer.status).toBe(200);
      expect(await exited).toBe(0);
      expect(p2.output()).not.toMatch(/ERROR/);
      // It closed the connections as their answers went out, without waiting for the drain limit.
      expect(p2.output()).toContain('closed cleanly');
      expect(p2.output()).not.toContain('drain timed out');
      const ticketId = ((await answer.json()) as { ticket_id: string }).ticket_id;
      const mine = await fetch(`${p1.url}/api/tickets/${ticketId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(mine.status).toBe(200);
    });
  });

  describe('the LISTEN/NOTIFY relay itself', () => {
    let database: TempDatabase;
    let dbs: Db[];
    let buses: ClusterEventBus[];
    const log = createLogger('silent');

    beforeAll(async () => {
      database = await createTempDatabase(baseUrl);
      dbs = [await openPostgres(database.url, 4), await openPostgres(database.url, 4)];
      buses = await Promise.all(
        dbs.map((db) =>
          startPgFanout({
            connectionString: database.url,
            db,
            log,
            local: createEventBus(),
            reconnectDelayMs: 50,
          }),
        ),
      );
    });
    afterAll(async () => {
      for (const bus of buses ?? []) await bus.close();
      for (const db of dbs ?? []) await db.close();
      await database?.drop();
    });

    const received = (bus: ClusterEventBus) => {
      const seen: ServerEvent[] = [];
      const stop = bus.subscribe((event) => seen.push(event));
      return { seen, stop };
    };
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
      expect(check()).toBe(true);
    };
    const userEvent = (n: number, note = ''): ServerEvent =>
      ({
        channel: 'USER_UPDATE',
        userId: 4,
        data: {
          user_id: 4,
          action: 'balance_update',
          new_balance: n,
          ...(note ? { user_data: { note } } : {}),
        },
      }) as unknown as ServerEvent;

    it('delivers locally once, relays to the other process once, and bumps its generation', async () => {
      const [a, b] = buses as [ClusterEventBus, ClusterEventBus];
      const onA = received(a);
      const onB = received(b);
      const generation = b.generation;
      a.publish([userEvent(1), userEvent(2)]);
      await a.flush();
      await waitFor(() => onB.seen.length === 2);
      expect(onB.seen).toEqual([userEvent(1), userEvent(2)]);
      expect(b.generation).toBeGreaterThan(generation);
      // A's own notification came back to it and was skipped: still only its local delivery.
      b.publish([userEvent(3)]);
      await waitFor(() => onA.seen.length === 3);
      expect(onA.seen).toEqual([userEvent(1), userEvent(2), userEvent(3)]);
      expect(onB.seen).toHaveLength(3);
      onA.stop();
      onB.stop();
    });

    it('sends an oversized batch by id, and the receiver reads it back intact', async () => {
      const [a, b] = buses as [ClusterEventBus, ClusterEventBus];
      const onB = received(b);
      const big = userEvent(7, 'Севастополь — '.repeat(700));
      expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(8000);
      const byId = a.stats.notifiedById;
      a.publish([big, userEvent(8)]);
      await a.flush();
      expect(a.stats.notifiedById).toBe(byId + 1);
      await waitFor(() => onB.seen.length === 2);
      expect(onB.seen).toEqual([big, userEvent(8)]);
      onB.stop();
    });

    it('gathers the events of a few milliseconds into one notification, delivering locally at once', async () => {
      const [a, b] = buses as [ClusterEventBus, ClusterEventBus];
      const gathering = await startPgFanout({
        connectionString: database.url,
        db: dbs[0] as Db,
        log,
        local: createEventBus(),
        gatherMs: 150,
      });
      try {
        const onA = received(a);
        const onB = received(b);
        const onSelf = received(gathering);
        gathering.publish([userEvent(11)]);
        expect(onSelf.seen).toEqual([userEvent(11)]);
        // Well past one NOTIFY's round trip on loopback, well within the gathering time.
        await new Promise((r) => setTimeout(r, 40));
        gathering.publish([userEvent(12)]);
        expect(onSelf.seen).toEqual([userEvent(11), userEvent(12)]);
        await gathering.flush();
        expect(gathering.stats.notified).toBe(1);
        await waitFor(() => onA.seen.length === 2 && onB.seen.length === 2);
        expect(onB.seen).toEqual([userEvent(11), userEvent(12)]);
        expect(onA.seen).toEqual([userEvent(11), userEvent(12)]);
        onA.stop();
        onB.stop();
        onSelf.stop();
      } finally {
        await gathering.close();
      }
    });

    it('reconnects a dropped LISTEN connection, invalidates cached lists and reports the gap', async () => {
      const [a, b] = buses as [ClusterEventBus, ClusterEventBus];
      const reconnects = b.stats.reconnects;
      const generation = b.generation;
      let gaps = 0;
      const stopGaps = b.onGap(() => (gaps += 1));
      const killer = new pg.Client({ connectionString: database.url });
      await killer.connect();
      await killer.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`,
        [`krym-listen-${b.processId.slice(0, 8)}`],
      );
      await killer.end();
      await waitFor(() => b.stats.reconnects > reconnects && b.listening);
      expect(b.generation).toBeGreaterThan(generation);
      // Reported once the connection is back, not while it is down (a pull then would miss the rest).
      expect(gaps).toBe(1);
      stopGaps();
      const onB = received(b);
      a.publish([userEvent(9)]);
      await waitFor(() => onB.seen.length === 1);
      expect(onB.seen).toEqual([userEvent(9)]);
      onB.stop();
      // The channel name is the one documented in docs/DEPLOY.md.
      expect(EVENTS_CHANNEL).toBe('krym_events');
    });
  });
}
