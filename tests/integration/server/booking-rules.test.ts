import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion, Tour } from '../../../src/domain/types';
import { createTicketRequestSchema } from '../../../src/protocol/tickets';
import {
  BOOKING_TEXTS,
  bookTicketFast,
  MAX_UNPAID_HOLDS,
  PRODUCTION_BOOKING_GUARDS,
  readBookingTour,
  type BookingGuards,
  type BookingTour,
} from '../../../src/server/services/booking';
import { RATE_RULES } from '../../../src/server/services/rate-limit';
import { api, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, tourNow, tourWithRoom } from '../../support/booking';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';

// The rules a booking checks against its account and its excursion, on every path: the short way
// (the booking's one statement, alone or batched), the booking in a transaction of its own (here an
// admin booking for the account) and the database function itself. Children only where the excursion allows them; at
// most three unpaid holds per account, also when its bookings race; a bounded number of bookings
// per account in ten minutes.

const PARALLEL = 10;

/** The guards the test server and the direct calls run with; the control run switches the lock off. */
const guards: BookingGuards = { ...PRODUCTION_BOOKING_GUARDS };
const CONTROL_RUSHES = 5;

describe.each(ENGINES)('booking rules of the account and the excursion on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let offset = 0;
  const used = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer(engine, {
      now: () => new Date(Date.now() + offset),
      bookingGuards: guards,
    });
    admin = await tokenFor(server, DEMO.admin);
  });
  afterEach(() => {
    guards.lock = true;
    offset = 0;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** A new buyer's account, with no tickets yet. */
  const newBuyer = async () => (await newBuyers(server, 1))[0] as { id: number; token: string };

  /** A coach tour no other test here has touched, with at least `free` seats. */
  async function freshCoach(free = 1): Promise<{ excursion: Excursion; tour: Tour }> {
    const found = await tourWithRoom(server, 'coach', free, used);
    used.add(found.tour._id);
    return found;
  }

  /** One adult on the first free seat of a fresh coach tour, for `buyer`. */
  async function oneAdult(buyer: { id: number }) {
    const { excursion, tour } = await freshCoach();
    return bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] });
  }

  /** An excursion with a fresh tour, made adults-only straight in the database (kid price 0). */
  async function adultsOnly(free: number) {
    const { excursion, tour } = await freshCoach(free);
    await server.db.query(`UPDATE excursions SET children_allowed = false, kid_price = 0 WHERE id = $1`, [
      excursion._id,
    ]);
    return { excursion: { ...excursion, childrenAllowed: false, kidPrice: 0 }, tour };
  }

  /** The account's tickets on the tour, cancelled or not. */
  const ticketsOn = async (tourId: string, userId: number) =>
    Number(
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM tickets WHERE tour_id = $1 AND user_id = $2`,
          [tourId, userId],
        )
      )[0]?.n,
    );

  const liveHolds = async (userId: number) =>
    Number(
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM tickets WHERE user_id = $1 AND status = 'to payment'`,
          [userId],
        )
      )[0]?.n,
    );

  const cancel = (token: string, ticketId: string) =>
    api(server, token).send('PATCH', `/api/tickets/${ticketId}`, { status: 'cancelled' });

  it('refuses children on an excursion that does not allow them, on both ways, and holds nothing', async () => {
    const buyer = await newBuyer();
    const { excursion, tour } = await adultsOnly(10);
    const seats = tour.emptySeats.slice(0, 10);
    // Kids cost nothing here: ten seats for one adult's price.
    const coachFull = bookingBody(buyer.id, excursion, tour, { adults: 1, kids: 9, seats });
    expect(coachFull.excursionPrice).toBe(excursion.adultPrice);

    for (const token of [buyer.token, admin]) {
      const refused = await book(server, token, coachFull);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(BOOKING_TEXTS.noChildren);
      expect(refused.body.detail).toMatch(/не рассчитана на детей/);
    }
    expect(await ticketsOn(tour._id, buyer.id)).toBe(0);
    expect((await tourNow(server, tour._id)).emptySeats).toEqual(tour.emptySeats);

    const alone = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [seats[0] as number] }),
    );
    expect(alone.status).toBe(200);
    expect(alone.body.ticket).toMatchObject({ status: 'to payment', seats: [seats[0]] });
  });

  it('the booking statement refuses children itself, even when the server’s row says they are allowed', async () => {
    const buyer = await newBuyer();
    const { excursion, tour } = await adultsOnly(2);
    const row = await readBookingTour(server.db, tour._id);
    expect(row?.children_allowed).toBe(false);
    // The row as an old server would have it: same excursion version, children allowed.
    const stale: BookingTour = { ...(row as BookingTour), children_allowed: true };
    const request = createTicketRequestSchema.parse(
      bookingBody(buyer.id, excursion, tour, { adults: 1, kids: 1, seats: tour.emptySeats.slice(0, 2) }),
    );
    const attempt = bookTicketFast(server.db, { userId: buyer.id, tokenVersion: 0 }, request, stale, {
      now: new Date(),
      ticketCode: (id) => server.tokens.ticketCode(id),
    });
    await expect(attempt).rejects.toMatchObject({ refusal: 'invalid', message: BOOKING_TEXTS.noChildren });
    expect(await ticketsOn(tour._id, buyer.id)).toBe(0);
  });

  it(`a fourth unpaid booking is refused until one of the ${MAX_UNPAID_HOLDS} is cancelled or runs out`, async () => {
    const buyer = await newBuyer();
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++)
      expect((await book(server, buyer.token, await oneAdult(buyer))).status).toBe(200);

    const fourth = await oneAdult(buyer);
    for (const token of [buyer.token, admin]) {
      const refused = await book(server, token, fourth);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe('У вас уже 3 неоплаченные брони: оплатите или отмените одну из них');
    }
    expect(await ticketsOn(fourth.tourID, buyer.id)).toBe(0);
    expect(await liveHolds(buyer.id)).toBe(MAX_UNPAID_HOLDS);

    const { tickets } = await api(server, buyer.token).json<{ tickets: { _id: string }[] }>(
      `/api/users/${buyer.id}/tickets`,
    );
    expect((await cancel(buyer.token, tickets[0]?._id as string)).status).toBe(200);
    expect((await book(server, buyer.token, fourth)).status).toBe(200);
    expect((await book(server, buyer.token, await oneAdult(buyer))).status).toBe(409);

    // Holds that ran out hold nothing, even before the sweeper cancels them.
    offset = 16 * 60_000;
    expect((await book(server, buyer.token, await oneAdult(buyer))).status).toBe(200);
  });

  it(`${PARALLEL} bookings at once by one account on ${PARALLEL} tours: ${MAX_UNPAID_HOLDS} held, the rest refused`, async () => {
    const buyer = await newBuyer();
    const bodies = await Promise.all(Array.from({ length: PARALLEL }, () => oneAdult(buyer)));
    const answers = await Promise.all(bodies.map((body) => book(server, buyer.token, body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_UNPAID_HOLDS);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 409 && a.body.detail === BOOKING_TEXTS.tooManyHolds(3))).toBe(
      true,
    );
    expect(await liveHolds(buyer.id)).toBe(MAX_UNPAID_HOLDS);
  });

  /**
   * PARALLEL one-statement bookings by `buyer`, each started a turn after the last, so that they go
   * as statements of their own, several out at once (a batch would run them in turn).
   */
  async function staggered(buyer: { id: number }) {
    const bodies = await Promise.all(Array.from({ length: PARALLEL }, () => oneAdult(buyer)));
    const reads = await Promise.all(bodies.map((body) => readBookingTour(server.db, body.tourID)));
    // Connections open beforehand, so that the statements run at the same time.
    await Promise.all(Array.from({ length: 4 }, () => server.db.query('SELECT pg_sleep(0.05)')));
    const calls: Promise<unknown>[] = [];
    for (const [i, body] of bodies.entries()) {
      calls.push(
        bookTicketFast(
          server.db,
          { userId: buyer.id, tokenVersion: 0 },
          createTicketRequestSchema.parse(body),
          reads[i] as BookingTour,
          { now: new Date(), ticketCode: (id) => server.tokens.ticketCode(id), guards },
        ).catch((error: unknown) => error),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    return Promise.all(calls);
  }

  it('one-statement bookings out at once by one account hold at most the limit', async () => {
    const buyer = await newBuyer();
    await staggered(buyer);
    expect(await liveHolds(buyer.id)).toBe(MAX_UNPAID_HOLDS);
  });

  // A control run: without the account's lock, statements out at once all count the same holds.
  // Only PostgreSQL runs two statements at once: PGlite's one connection takes them in turn.
  if (engine === 'postgres')
    it('control: without the account lock, racing bookings hold more than allowed', async () => {
      guards.lock = false;
      let most = 0;
      for (let rush = 0; rush < CONTROL_RUSHES && most <= MAX_UNPAID_HOLDS; rush++) {
        const buyer = await newBuyer();
        await staggered(buyer);
        most = Math.max(most, await liveHolds(buyer.id));
      }
      expect(most).toBeGreaterThan(MAX_UNPAID_HOLDS);
    });

  it('a booking with several faults answers the first in one order: account, places, seats, prices', async () => {
    // A buyer at the hold limit, asking for the wrong number of seats: the holds come first.
    const full = await newBuyer();
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++)
      expect((await book(server, full.token, await oneAdult(full))).status).toBe(200);
    const { excursion, tour } = await freshCoach(3);
    const seats = tour.emptySeats.slice(0, 3);
    const oneSeat = [seats[0] as number];
    const wrongCount = bookingBody(full.id, excursion, tour, { adults: 2, seats: oneSeat });
    expect(await book(server, full.token, wrongCount)).toMatchObject({
      status: 409,
      body: { detail: BOOKING_TEXTS.tooManyHolds(MAX_UNPAID_HOLDS) },
    });

    // With room on the account: the seat count, then a seat taken before a price that changed.
    const buyer = await newBuyer();
    expect(
      await book(server, buyer.token, bookingBody(buyer.id, excursion, tour, { adults: 2, seats: oneSeat })),
    ).toMatchObject({ status: 400, body: { detail: BOOKING_TEXTS.seatCount } });
    const first = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [seats[0] as number] }),
    );
    expect(first.status).toBe(200);
    const staleTaken = {
      ...bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [seats[0] as number] }),
      excursionPrice: excursion.adultPrice + 1,
    };
    expect(await book(server, buyer.token, staleTaken)).toMatchObject({
      status: 409,
      body: { detail: BOOKING_TEXTS.seatsTaken },
    });
    const staleFree = { ...staleTaken, seats: [seats[1] as number] };
    expect(await book(server, buyer.token, staleFree)).toMatchObject({
      status: 409,
      body: { detail: BOOKING_TEXTS.priceChanged },
    });

    // No places left on a tour without seats: the count comes before a stale price.
    const none = await tourWithRoom(server, 'none', 1, used);
    used.add(none.tour._id);
    const left = none.excursion.maxAttendants - none.tour.attendantsRegistred;
    const tooMany = {
      ...bookingBody(buyer.id, none.excursion, none.tour, { adults: left + 1 }),
      excursionPrice: 1,
    };
    expect(await book(server, buyer.token, tooMany)).toMatchObject({
      status: 409,
      body: { detail: BOOKING_TEXTS.notEnoughPlaces(left) },
    });
    expect(await ticketsOn(tour._id, buyer.id)).toBe(1);
    expect(await ticketsOn(none.tour._id, buyer.id)).toBe(0);
  });

  it("an admin books for an account: the account's ticket, limits and events, the admin's token", async () => {
    const buyer = await newBuyer();
    const body = await oneAdult(buyer);
    const booked = await book(server, admin, body);
    expect(booked.status).toBe(200);
    expect(booked.body.ticket).toMatchObject({ userID: buyer.id, tourID: body.tourID, status: 'to payment' });
    expect(await ticketsOn(body.tourID, buyer.id)).toBe(1);
    // The account's own holds count against it, whoever booked them.
    for (let i = 1; i < MAX_UNPAID_HOLDS; i++)
      expect((await book(server, buyer.token, await oneAdult(buyer))).status).toBe(200);
    expect(await book(server, admin, await oneAdult(buyer))).toMatchObject({
      status: 409,
      body: { detail: BOOKING_TEXTS.tooManyHolds(MAX_UNPAID_HOLDS) },
    });
    // A buyer may not book for anyone else.
    const other = await newBuyer();
    expect(await book(server, other.token, await oneAdult(buyer))).toMatchObject({
      status: 403,
      body: { detail: BOOKING_TEXTS.forOther },
    });
    // An admin booking for an account nobody has is refused, and writes nothing.
    const nobody = { ...(await oneAdult(buyer)), userID: 987_654 };
    expect(await book(server, admin, nobody)).toMatchObject({
      status: 404,
      body: { detail: BOOKING_TEXTS.userNotFound },
    });
    expect(await ticketsOn(nobody.tourID, 987_654)).toBe(0);
  });

  it(`an account makes at most ${RATE_RULES.bookingPerAccount.limit} bookings in ten minutes, then 429`, async () => {
    const buyer = await newBuyer();
    const { limit } = RATE_RULES.bookingPerAccount;
    for (let i = 0; i < limit; i++) {
      const booked = await book(server, buyer.token, await oneAdult(buyer));
      expect(booked.status).toBe(200);
      expect((await cancel(buyer.token, booked.body.ticket_id as string)).status).toBe(200);
    }
    const next = await oneAdult(buyer);
    for (const token of [buyer.token, admin]) {
      const refused = await book(server, token, next);
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toBe(BOOKING_TEXTS.tooManyBookings);
      expect(refused.body.detail).toMatch(/попробуйте/);
    }
    expect(await ticketsOn(next.tourID, buyer.id)).toBe(0);

    // Another account is not limited by this one's bookings.
    const other = await newBuyer();
    expect((await book(server, other.token, await oneAdult(other))).status).toBe(200);

    offset = RATE_RULES.bookingPerAccount.windowMs + 60_000;
    expect((await book(server, buyer.token, next)).status).toBe(200);
  });
});
