import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Excursion, Ticket, Tour } from '../../src/domain/types';
import { openPglite, type Queryable } from '../../src/server/storage/db';
import { createTokenService } from '../../src/server/services/tokens';
import { bookingBody, type Booking } from '../support/booking';
import { createTempDatabase, type TempDatabase } from '../support/postgres';
import { ENGINES } from '../support/server';
import { startServerProcess, type ServerProcess } from './support/product';

// The server, a real child process, is killed with SIGKILL while bookings are in flight (100 in
// all, IN_FLIGHT at a time), then started again on the same data (PGlite: the same DATA_DIR; PostgreSQL: the same
// database). Every booking that was answered 200 must be there with its seats, and nothing may be
// half-written: no live ticket without all its seats, no seat without its ticket, no seat sold twice,
// and the tours count exactly what their tickets hold.

const BOOKINGS = 100;
/** SIGKILL once this many bookings have been answered 200. */
const KILL_AFTER = 30;
/**
 * Bookings sent at once; each answer sends the next. Far fewer than BOOKINGS, so the kill always
 * finds bookings still to answer: bookings waiting together are answered together (one statement),
 * and a hundred sent at once could all be answered in the burst that reaches KILL_AFTER.
 */
const IN_FLIGHT = 10;

interface Answered {
  ticketId: string;
  tourId: string;
  seats: number[];
  userId: number;
}

async function getJson<T>(url: string, token?: string): Promise<T> {
  const response = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** One-seat bookings on distinct free seats of future coach tours, one by each of `buyers`. */
async function bookingBodies(url: string, buyers: number[]) {
  const count = buyers.length;
  const { excursions } = await getJson<{ excursions: Excursion[] }>(`${url}/api/excursions`);
  const { tours } = await getJson<{ tours: Tour[] }>(`${url}/api/tours`);
  const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  const bodies: ReturnType<typeof bookingBody>[] = [];
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (!excursion || excursion.busType !== 'coach' || tour.date <= today) continue;
    for (const seat of tour.emptySeats.slice(0, 20)) {
      if (bodies.length === count) return bodies;
      bodies.push(
        bookingBody(buyers[bodies.length] as number, excursion, tour, { adults: 1, seats: [seat] }),
      );
    }
  }
  if (bodies.length < count) throw new Error(`only ${bodies.length} free coach seats`);
  return bodies;
}

/** Opens the stopped server's database: the PostgreSQL one, or the PGlite files in `dataDir`. */
async function openData(
  url: string | undefined,
  dataDir: string,
): Promise<Queryable & { close(): Promise<void> }> {
  if (!url) return openPglite(join(dataDir, 'pgdata'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as T[],
    close: () => client.end(),
  };
}

/** `count` new buyers' accounts, written into the stopped server's database; their ids. */
async function addBuyers(url: string | undefined, dataDir: string, count: number): Promise<number[]> {
  const db = await openData(url, dataDir);
  try {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, name)
       SELECT 'durable-' || g || '@example.ru', 'not-a-hash', 'Покупатель ' || g FROM generate_series(1, $1::int) g
       RETURNING id`,
      [count],
    );
    return rows.map((row) => row.id);
  } finally {
    await db.close();
  }
}

describe.each(ENGINES)('a SIGKILL in the middle of %s bookings', (engine) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(`keeps every booking answered 200 and writes none by half (${BOOKINGS} bookings, ${IN_FLIGHT} in flight)`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'krym-durable-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    let database: TempDatabase | undefined;
    if (engine === 'postgres') {
      database = await createTempDatabase(process.env.TEST_DATABASE_URL as string);
      cleanup.push(() => (database as TempDatabase).drop());
    }
    const secret = randomBytes(48).toString('base64url');
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      HOLD_SWEEP_SECONDS: '3600',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };

    let server: ServerProcess = await startServerProcess(env);
    cleanup.push(() => server.kill('SIGKILL'));
    // A buyer per booking (an account holds only a few unpaid bookings at once), written straight
    // into the database the first start migrated and seeded, while no server has it open.
    await server.kill('SIGTERM');
    const buyers = await addBuyers(database?.url, dataDir, BOOKINGS + 1);
    const signer = createTokenService(secret);
    const tokens = new Map(
      await Promise.all(
        buyers.map(async (id) => [id, await signer.sign({ userId: id, tokenVersion: 0 })] as const),
      ),
    );
    const tokenOf = (userId: number) => tokens.get(userId) as string;
    server = await startServerProcess(env);
    const bodies = await bookingBodies(server.url, buyers.slice(0, BOOKINGS));

    // IN_FLIGHT at a time; the process group dies as soon as KILL_AFTER have been answered.
    const answered: Answered[] = [];
    let failed = 0;
    let killed: Promise<void> | undefined;
    const bookOne = async (body: (typeof bodies)[number]) => {
      try {
        const response = await fetch(`${server.url}/api/tickets`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${tokenOf(body.userID)}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await response.json()) as Booking['body'];
        if (response.status !== 200) throw new Error(`booking answered ${response.status}: ${json.detail}`);
        answered.push({
          ticketId: json.ticket_id as string,
          tourId: body.tourID,
          seats: json.ticket?.seats ?? [],
          userId: body.userID,
        });
        if (answered.length === KILL_AFTER) killed = server.kill('SIGKILL');
      } catch (error) {
        if (!killed) throw error;
        failed++;
      }
    };
    const queue = [...bodies];
    const requests = Array.from({ length: IN_FLIGHT }, async () => {
      for (let body = queue.shift(); body; body = queue.shift()) await bookOne(body);
    });
    await Promise.all(requests);
    await killed;
    // The kill really came in the middle: some bookings were answered, some never were.
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed).toBeGreaterThan(0);
    expect(answered.length + failed).toBe(BOOKINGS);
    for (const booking of answered) expect(booking.seats).toHaveLength(1);

    // Started again on the same data: every answered booking is there, with its seat, over the API.
    server = await startServerProcess(env);
    for (const booking of answered) {
      const ticket = await getJson<Ticket>(
        `${server.url}/api/tickets/${booking.ticketId}`,
        tokenOf(booking.userId),
      );
      expect(ticket).toMatchObject({ _id: booking.ticketId, status: 'to payment', seats: booking.seats });
    }
    // A booking made after the restart works on the recovered data.
    const last = buyers[BOOKINGS] as number;
    const [again] = await bookingBodies(server.url, [last]);
    const retry = await fetch(`${server.url}/api/tickets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokenOf(last)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(again),
    });
    expect(retry.status).toBe(200);
    const rebooked = (await retry.json()) as Booking['body'];
    answered.push({
      ticketId: rebooked.ticket_id as string,
      tourId: again?.tourID as string,
      seats: again?.seats ?? [],
      userId: last,
    });

    const tourIds = [...new Set([...bodies, again].map((b) => b?.tourID as string))];
    const served = new Map<string, Tour>();
    for (const id of tourIds) served.set(id, await getJson<Tour>(`${server.url}/api/tours/${id}`));
    for (const booking of answered)
      expect(served.get(booking.tourId)?.takenSeats).toEqual(expect.arrayContaining(booking.seats));
    await server.kill('SIGTERM');

    // Straight from the database, after a clean stop: nothing half-written.
    const db = await openData(database?.url, dataDir);
    try {
      const tickets = await db.query<{
        id: string;
        tour_id: string;
        status: string;
        people: number;
        seats: number;
      }>(
        `SELECT k.id, k.tour_id, k.status, k.adults + k.kids AS people,
                (SELECT count(*)::int FROM ticket_seats s WHERE s.ticket_id = k.id AND s.active) AS seats
         FROM tickets k WHERE k.tour_id = ANY($1::text[]) AND k.user_id = ANY($2::int[])`,
        [tourIds, buyers],
      );
      const ours = tickets.filter((t) => t.status !== 'cancelled');
      // Every answered booking, and no ticket nobody asked for.
      expect(ours.map((t) => t.id)).toEqual(expect.arrayContaining(answered.map((a) => a.ticketId)));
      expect(ours.length).toBeLessThanOrEqual(BOOKINGS + 1);
      // No live ticket without its seats (or with more).
      expect(ours.filter((t) => t.seats !== t.people)).toEqual([]);
      // No seat without its ticket, and no seat of a cancelled ticket still live.
      const orphans = await db.query(
        `SELECT s.ticket_id FROM ticket_seats s LEFT JOIN tickets k ON k.id = s.ticket_id
         WHERE s.tour_id = ANY($1::text[]) AND (k.id IS NULL OR (s.active AND k.status = 'cancelled'))`,
        [tourIds],
      );
      expect(orphans).toEqual([]);
      const twice = await db.query(
        `SELECT tour_id, seat FROM ticket_seats WHERE active AND tour_id = ANY($1::text[])
         GROUP BY tour_id, seat HAVING count(*) > 1`,
        [tourIds],
      );
      expect(twice).toEqual([]);
      // Each answered booking has its payment; a booking committed but never answered (the kill came
      // between the two) is only a hold, which runs out in 15 minutes.
      const paid = await db.query<{ ticket_id: string }>(
        'SELECT ticket_id FROM payments WHERE ticket_id = ANY($1::text[])',
        [answered.map((a) => a.ticketId)],
      );
      expect(paid.map((p) => p.ticket_id).sort()).toEqual(answered.map((a) => a.ticketId).sort());
      // The tours served after the restart count exactly the seats and people their tickets hold.
      for (const id of tourIds) {
        const tour = served.get(id) as Tour;
        const seats = await db.query<{ seat: number }>(
          `SELECT s.seat FROM ticket_seats s JOIN tickets k ON k.id = s.ticket_id
           WHERE s.tour_id = $1 AND s.active AND k.status <> 'cancelled' ORDER BY s.seat`,
          [id],
        );
        const [people] = await db.query<{ n: number }>(
          `SELECT coalesce(sum(adults + kids), 0)::int AS n FROM tickets WHERE tour_id = $1 AND status <> 'cancelled'`,
          [id],
        );
        expect([...tour.takenSeats].sort((a, b) => a - b)).toEqual(seats.map((s) => s.seat));
        expect(tour.attendantsRegistred).toBe(Number(people?.n));
      }
    } finally {
      await db.close();
    }
  });
});
