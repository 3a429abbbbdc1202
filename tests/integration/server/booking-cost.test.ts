import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, QueryOptions } from '../../../src/server/storage/db';
import { crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import { catalogue } from '../../support/api';
import { book, bookingBody, newBuyers, tourWithRoom } from '../../support/booking';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';

// What one booking costs the database. Throughput on PostgreSQL is bounded by round
// trips and by commits (each one waits for the disk), so a booking (POST /api/tickets with the test
// provider) is one statement that is its own transaction (book_ticket, which also writes the payments
// row; no BEGIN and COMMIT around it), and the number of statements does not grow with the seats. The
// provider's own write and the token's update follow the commit (for the test provider, whose books
// are in our database, as one statement): a slow provider never holds the tour lock. The tour's row,
// which the server checks the request against before that statement, is read once for all the tours
// of its excursion and kept.

interface Cost {
  /** Statements sent, BEGIN and COMMIT included. */
  roundTrips: number;
  transactions: number;
  /** Writes that committed on their own, outside a transaction. */
  ownCommits: number;
  /** Statements sent on their own (each its own transaction), in order. */
  onTheirOwn: string[];
  /** Statements sent on their own without a prepared statement's name (parsed and planned anew). */
  unnamed: string[];
  /** Statements run inside the booking's transaction, in order. */
  inTransaction: string[];
}

const WRITE = /^\s*(WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b|INSERT|UPDATE|DELETE)/i;

describe.each(ENGINES)('the cost of a booking on %s', (engine) => {
  let server: TestServer;
  const used = new Set<string>();
  let cost: Cost | undefined;

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { HOLD_SWEEP_SECONDS: '3600' } });
    // Counts what the app sends through its database handle (routes use this same object).
    const db = server.db;
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    db.query = ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      if (cost) {
        const head = sql
          .trim()
          .split(/[\s(]+/)
          .slice(0, 2)
          .join(' ');
        cost.roundTrips++;
        cost.onTheirOwn.push(head);
        if (!options?.name) cost.unnamed.push(head);
        if (WRITE.test(sql)) cost.ownCommits++;
      }
      return query(sql, params, options);
    }) as typeof db.query;
    db.transaction = ((fn: (tx: Queryable) => Promise<unknown>, options) => {
      if (cost) {
        cost.transactions++;
        cost.roundTrips += 2;
      }
      return transaction((tx) => {
        const counted: Queryable = {
          ...tx,
          query: ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
            if (cost) {
              cost.roundTrips++;
              cost.inTransaction.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
            }
            return tx.query(sql, params, options);
          }) as Queryable['query'],
        };
        return fn(counted);
      }, options);
    }) as typeof db.transaction;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  async function measure(
    busType: 'coach' | 'none',
    people: number,
    target?: { excursion: Excursion; tour: Tour },
  ): Promise<Cost> {
    const found = target ?? (await tourWithRoom(server, busType, people, used));
    used.add(found.tour._id);
    const seats = busType === 'none' ? [] : found.tour.emptySeats.slice(0, people);
    // Another buyer each time: an account holds only a few unpaid bookings at once.
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const body = bookingBody(buyer.id, found.excursion, found.tour, { adults: people, seats });
    cost = { roundTrips: 0, transactions: 0, ownCommits: 0, onTheirOwn: [], unnamed: [], inTransaction: [] };
    try {
      const booked = await book(server, buyer.token, body);
      expect(booked.status).toBe(200);
      expect(booked.body.confirmationid).toMatch(/^ct-/);
      return cost;
    } finally {
      cost = undefined;
    }
  }

  it('is one statement and one write after it, in at most 3 statements without seats', async () => {
    const spent = await measure('none', 2);
    // The booking is one statement on its own: no BEGIN, no COMMIT, no statement around it.
    expect(spent.transactions).toBe(0);
    expect(spent.inTransaction).toEqual([]);
    expect(spent.onTheirOwn.filter((sql) => sql === 'SELECT book_ticket')).toHaveLength(1);
    // The test provider's payment with its token stored on ours, in one statement: nothing else
    // commits on its own.
    expect(spent.ownCommits).toBe(1);
    expect(spent.roundTrips).toBeLessThanOrEqual(3);
    // Each is a prepared statement: under load, parsing and planning them anew would be a quarter of
    // PostgreSQL's time.
    expect(spent.unnamed).toEqual([]);
  });

  it("reads a tour's row with its excursion's other tours: their first bookings are two statements", async () => {
    const first = await tourWithRoom(server, 'none', 1, used);
    await measure('none', 1, first);
    const { tours } = await catalogue(server);
    const today = crimeaToday(new Date());
    const others = tours.filter(
      (tour) =>
        tour.excursionID === first.excursion._id &&
        !used.has(tour._id) &&
        tour.date > today &&
        first.excursion.maxAttendants - tour.attendantsRegistred >= 1,
    );
    expect(others.length).toBeGreaterThanOrEqual(2);
    for (const tour of others.slice(0, 2)) {
      const spent = await measure('none', 1, { excursion: first.excursion, tour });
      // No read of the tour before the booking: this process read it with the first one.
      expect(spent.onTheirOwn).toEqual(['SELECT book_ticket', 'WITH made']);
    }
  });

  it('costs the same number of statements for one seat as for five', async () => {
    const one = await measure('coach', 1);
    const five = await measure('coach', 5);
    expect(five.roundTrips).toBe(one.roundTrips);
    expect(five.transactions).toBe(0);
    expect(five.ownCommits).toBe(1);
    expect(five.roundTrips).toBeLessThanOrEqual(3);
  });
});
