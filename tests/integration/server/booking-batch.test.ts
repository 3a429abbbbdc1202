import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion, Tour } from '../../../src/domain/types';
import { createTestProvider } from '../../../src/server/payments/test-provider';
import { createTicketRequestSchema } from '../../../src/protocol/tickets';
import { REFUSAL_STATUS } from '../../../src/server/http/errors';
import type { ServiceError } from '../../../src/server/services/errors';
import { BOOKING_BATCH_SIZE } from '../../../src/server/storage/booking-batch';
import {
  BOOKING_TEXTS,
  bookTicketFast,
  PRODUCTION_BOOKING_GUARDS,
  readBookingTour,
  type BookingTour,
  type FastBooking,
} from '../../../src/server/services/booking';
import type { QueryOptions } from '../../../src/server/storage/db';
import { bookingBody, newBuyers, tourNow, tourWithRoom, type Party } from '../../support/booking';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';

// Bookings that arrive together go as one book_tickets statement (migration 7,
// storage/booking-batch.ts), one transaction for all of them, and each is answered as if it had
// gone alone: a refusal rolls back only its own writes. The test provider's recorded payments go
// together the same way. Calls started in one turn of the event loop always go together, so these
// tests start them in one turn and check which statements were sent.

describe.each(ENGINES)('bookings sent together on %s', (engine) => {
  let server: TestServer;
  const used = new Set<string>();
  const named: string[] = [];
  // Each booking is another buyer's: an account holds only a few unpaid bookings at once.
  let buyers: number[] = [];
  const nextBuyer = () => buyers.shift() as number;
  /** Bookings go ordered by tour unless the control run says otherwise. */
  let orderByTour = true;
  const deps = () => ({
    now: new Date(),
    ticketCode: (ticketId: string) => `T1.${ticketId}.x`,
    paymentProvider: 'test',
    guards: { ...PRODUCTION_BOOKING_GUARDS, orderByTour },
  });

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { HOLD_SWEEP_SECONDS: '3600' } });
    buyers = (await newBuyers(server, 200)).map((buyer) => buyer.id);
    const db = server.db;
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      if (options?.name) named.push(options.name);
      return query(sql, params, options);
    }) as typeof db.query;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  interface Target {
    excursion: Excursion;
    tour: Tour;
    read: BookingTour;
  }

  async function target(busType: 'coach' | 'none', free: number): Promise<Target> {
    const found = await tourWithRoom(server, busType, free, used);
    used.add(found.tour._id);
    return { ...found, read: (await readBookingTour(server.db, found.tour._id)) as BookingTour };
  }

  function booking(t: Target, party: Party, key?: string, buyer = nextBuyer()): Promise<FastBooking> {
    const request = createTicketRequestSchema.parse(bookingBody(buyer, t.excursion, t.tour, party));
    return bookTicketFast(
      server.db,
      { userId: buyer, tokenVersion: 0 },
      request,
      t.read,
      deps(),
      key ? { key, method: 'POST', path: '/api/tickets' } : undefined,
    );
  }

  const settle = (p: Promise<FastBooking>) =>
    p.then(
      (answer) => ({ answer }),
      (error: ServiceError) => ({ status: REFUSAL_STATUS[error.refusal], message: error.message }),
    );

  async function liveSeats(tourId: string): Promise<number[]> {
    const rows = await server.db.query<{ seat: number }>(
      'SELECT seat FROM ticket_seats WHERE tour_id = $1 AND active ORDER BY seat',
      [tourId],
    );
    return rows.map((row) => row.seat);
  }

  it('commits them in one statement, each answered as alone; a refusal undoes only its own writes', async () => {
    const open = await Promise.all([target('none', 1), target('none', 1), target('none', 1)]);
    const coach = await target('coach', 2);
    const stale = await target('none', 1);
    const keyed = await target('none', 2);
    const seat = coach.tour.emptySeats[0] as number;
    const other = coach.tour.emptySeats[1] as number;
    const seatsBefore = await liveSeats(coach.tour._id);
    // The excursion of `stale` changes after its row was read: its call must write nothing.
    await server.db.query('UPDATE excursions SET popularity = popularity WHERE id = $1', [
      stale.excursion._id,
    ]);
    const key = crypto.randomUUID();
    const keyHolder = nextBuyer();

    named.length = 0;
    // Started in one turn: one batch.
    const calls = [
      ...open.map((t) => booking(t, { adults: 1 })),
      booking(coach, { adults: 1, seats: [seat] }),
      booking(coach, { adults: 2, seats: [other, seat] }),
      booking(stale, { adults: 1 }),
      booking(keyed, { adults: 1 }, key, keyHolder),
      booking(keyed, { adults: 1 }, key, keyHolder),
    ].map(settle);
    const answers = await Promise.all(calls);
    expect(named.filter((name) => name.startsWith('book_ticket'))).toEqual(['book_tickets']);

    const booked = answers.map((a) =>
      'answer' in a && a.answer && 'result' in a.answer ? a.answer.result : null,
    );
    for (const [i, t] of open.entries()) {
      const result = booked[i];
      expect(result?.status).toBe(200);
      const now = await tourNow(server, t.tour._id);
      expect(now.tickets).toContain(result?.ticketId);
      expect(now.attendantsRegistred).toBe(t.tour.attendantsRegistred + 1);
    }
    // The same seat twice on one tour: the first call has it, the second is refused and its other
    // seat is not held either.
    expect(booked[3]?.status).toBe(200);
    expect(answers[4]).toEqual({ status: 409, message: BOOKING_TEXTS.seatsTaken });
    expect(await liveSeats(coach.tour._id)).toEqual([...seatsBefore, seat].sort((a, b) => a - b));
    expect((await tourNow(server, coach.tour._id)).tickets).toEqual([
      ...coach.tour.tickets,
      booked[3]?.ticketId,
    ]);
    // A changed excursion is left to the booking in a transaction, with nothing written.
    expect(answers[5]).toEqual({ answer: { longWay: 'changed' } });
    expect((await tourNow(server, stale.tour._id)).tickets).toEqual(stale.tour.tickets);
    // One Idempotency-Key twice in one batch: one ticket; the second call is answered the first's
    // stored answer, as a replay after its commit would be.
    expect(booked[6]?.status).toBe(200);
    expect(answers[7]).toMatchObject({
      answer: {
        replay: {
          method: 'POST',
          path: '/api/tickets',
          status: 200,
          body: { ticket_id: booked[6]?.ticketId },
        },
      },
    });
    expect((await tourNow(server, keyed.tour._id)).tickets).toEqual([
      ...keyed.tour.tickets,
      booked[6]?.ticketId,
    ]);
    const [stored] = await server.db.query<{ body: { ticket_id: string } }>(
      'SELECT body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [keyHolder, key],
    );
    expect(stored?.body.ticket_id).toBe(booked[6]?.ticketId);
  });

  /**
   * Two full batches in one turn, out at once: the tours named forwards, then backwards. Made to
   * `meet` (PostgreSQL only), a third transaction holds the middle tour until both batches wait for
   * it, each having locked the tours before it in its own order.
   */
  async function crossingBatches(meet: boolean): Promise<{
    targets: Target[];
    answers: Awaited<ReturnType<typeof settle>>[];
  }> {
    const targets: Target[] = [];
    for (let i = 0; i < BOOKING_BATCH_SIZE; i++) targets.push(await target('none', 2));
    // Connections open beforehand, so that the two batches run at the same time.
    await Promise.all(Array.from({ length: 4 }, () => server.db.query('SELECT pg_sleep(0.05)')));
    const holder = meet ? await holdTour(targets[BOOKING_BATCH_SIZE / 2]!.tour._id) : undefined;
    named.length = 0;
    const sent = Promise.all(
      [...targets, ...[...targets].reverse()].map((t) => settle(booking(t, { adults: 1 }))),
    );
    if (holder) {
      try {
        await expect
          .poll(
            async () =>
              (
                await server.db.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%book_tickets%'`,
                )
              )[0]?.n,
            { timeout: 10_000 },
          )
          .toBe(2);
      } finally {
        await holder.letGo();
      }
    }
    const answers = await sent;
    expect(named.filter((name) => name.startsWith('book_ticket'))).toEqual(['book_tickets', 'book_tickets']);
    return { targets, answers };
  }

  /** Locks a tour's row in a transaction of its own until `letGo`. */
  async function holdTour(tourId: string): Promise<{ letGo: () => Promise<void> }> {
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const transaction = server.db.transaction(
      async (tx) => {
        await tx.query('SELECT 1 FROM tours WHERE id = $1 FOR UPDATE', [tourId]);
        holding();
        await held;
      },
      { joinFence: false },
    );
    await Promise.race([holds, transaction]);
    return {
      letGo: async () => {
        letGo();
        await transaction;
      },
    };
  }

  it('books the same tours in two batches at once, in opposite orders, without a deadlock', async () => {
    // Sent in those orders the batches would meet in the middle, each waiting for a lock the other
    // holds (PostgreSQL breaks that with a deadlock error, a refusal here). Each batch locks its
    // tours in one order, so neither waits for the other in a cycle.
    const { targets, answers } = await crossingBatches(engine === 'postgres');
    for (const answer of answers) expect(answer).toHaveProperty('answer.result.status', 200);
    for (const t of targets)
      expect((await tourNow(server, t.tour._id)).attendantsRegistred).toBe(t.tour.attendantsRegistred + 2);
  });

  // Only PostgreSQL runs two statements at once: PGlite's one connection takes them in turn.
  if (engine === 'postgres') {
    it('control: batches sent in arrival order deadlock, and a booking is refused for it', async () => {
      orderByTour = false;
      try {
        // Made to meet, each batch has locked its half of the tours; once let go, each needs a tour the
        // other holds.
        const { answers } = await crossingBatches(true);
        const refused = answers.filter((answer) => !('answer' in answer));
        expect(refused.length).toBeGreaterThan(0);
        for (const answer of refused) expect(answer).toEqual({ status: 409, message: BOOKING_TEXTS.busy });
      } finally {
        orderByTour = true;
      }
    });
  }

  it('sends a lone booking as the single statement', async () => {
    const t = await target('none', 1);
    named.length = 0;
    const answer = await booking(t, { adults: 1 });
    expect(answer).toHaveProperty('result.status', 200);
    expect(named.filter((name) => name.startsWith('book_ticket'))).toEqual(['book_ticket']);
  });

  it("makes the test provider's payments asked for together in one statement, once per payment", async () => {
    const targets = await Promise.all([target('none', 1), target('none', 1), target('none', 1)]);
    const results = await Promise.all(targets.map((t) => booking(t, { adults: 1 })));
    const payments = results.map((r) => ('result' in r ? r.result.payment : undefined));
    expect(payments.every(Boolean)).toBe(true);
    const provider = createTestProvider(server.db);
    const ask = (i: number) =>
      provider.createRecorded!({
        paymentId: payments[i]!.paymentId,
        amount: payments[i]!.amount,
        description: `билет ${i}`,
        returnUrl: 'http://localhost/return',
        receipt: {
          email: 'buyer@example.ru',
          items: [{ description: `билет ${i}`, quantity: 1, unitPrice: payments[i]!.amount }],
        },
      });
    named.length = 0;
    // The first payment asked for twice in the same statement.
    const tokens = await Promise.all([ask(0), ask(1), ask(2), ask(0)]);
    expect(named).toEqual(['test_provider_make_many']);
    expect(new Set(tokens).size).toBe(3);
    expect(tokens[3]).toBe(tokens[0]);
    for (const [i, payment] of payments.entries()) {
      const [row] = await server.db.query<{
        confirmation_token: string;
        status: string;
        provider_payment_id: string;
      }>('SELECT confirmation_token, status, provider_payment_id FROM payments WHERE id = $1', [
        payment!.paymentId,
      ]);
      expect(row).toMatchObject({ confirmation_token: tokens[i], status: 'pending' });
      const [made] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM test_provider_payments WHERE idempotence_key = $1 AND id = $2',
        [payment!.paymentId, row!.provider_payment_id],
      );
      expect(made?.n).toBe(1);
    }
    // Asked again later, alone: the same payment.
    await expect(ask(1)).resolves.toBe(tokens[1]);
  });
});
