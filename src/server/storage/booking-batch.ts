import { compareText } from '../../domain/sorting';
import { BatchedStatementError, createBatcher } from './batcher';
import type { Db } from './db';

// Bookings that arrive together share one transaction (storage/batcher.ts). Calls of book_ticket
// (migration 5) waiting at the same time go as one book_tickets call (migration 7), which runs each
// in a block of its own: one that raises is rolled back alone and its caller gets the SQLSTATE and
// message the single statement would have raised; the others commit together.
//
// Every call of a batch holds its tour's lock until the batch commits, so a batch is small and its
// calls are sent ordered by tour: two batches take their tours' locks in the same order and cannot
// deadlock on them. The accounts of all its calls are locked before any tour
// (book_tickets_accounts_first, migration 9), in ascending id order, so no batch waits for an
// account while it holds a tour.

/** The most bookings in one transaction. */
export const BOOKING_BATCH_SIZE = 16;
/** Booking statements out at once per database: a minority of a pool (storage/db.ts, 8 or more). */
export const BOOKING_BATCHES_IN_FLIGHT = 4;

/** What book_ticket answers: the booked row, or a stored replay. */
export type BookTicketAnswer = Record<string, unknown>;

const SINGLE = `SELECT book_ticket($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
       $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29) AS r`;

type Answer = { r: BookTicketAnswer } | { code: string; message: string };

interface Call {
  args: readonly unknown[];
  /** False only in a test's control run: the batch then goes in arrival order. */
  orderByTour: boolean;
}

const batchers = new WeakMap<Db, (call: Call) => Promise<BookTicketAnswer>>();

function batcherOf(db: Db) {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBatcher<Call, BookTicketAnswer>({
      size: BOOKING_BATCH_SIZE,
      inFlight: BOOKING_BATCHES_IN_FLIGHT,
      async one({ args }) {
        const [row] = await db.query<{ r: BookTicketAnswer }>(SINGLE, args, { name: 'book_ticket' });
        return (row as { r: BookTicketAnswer }).r;
      },
      async many(calls) {
        const order = calls.map((_, i) => i);
        if (calls.some((call) => call.orderByTour)) order.sort((a, b) => compareTours(calls[a], calls[b]));
        const [row] = await db.query<{ r: Answer[] }>(
          'SELECT book_tickets_accounts_first($1::jsonb) AS r',
          [JSON.stringify(order.map((i) => calls[i]?.args))],
          { name: 'book_tickets' },
        );
        const answers = (row as { r: Answer[] }).r;
        const inOrder: (BookTicketAnswer | Error)[] = new Array(calls.length);
        order.forEach((callIndex, i) => {
          const answer = answers[i];
          inOrder[callIndex] = !answer
            ? new Error('book_tickets gave fewer answers than it was sent calls')
            : 'r' in answer
              ? answer.r
              : new BatchedStatementError(answer.code, answer.message);
        });
        return inOrder;
      },
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Runs book_ticket with `args` (its 29 arguments in order, the tour id first, the token's id last:
 * migration 11), alone or in one transaction with other bookings waiting at the same time. Resolves
 * with its answer; rejects with what the statement raised for it (its SQLSTATE as `code`, its message).
 */
export function callBookTicket(
  db: Db,
  args: readonly unknown[],
  orderByTour = true,
): Promise<BookTicketAnswer> {
  return batcherOf(db)({ args, orderByTour });
}

function compareTours(a: Call | undefined, b: Call | undefined): number {
  return compareText(String(a?.args[0]), String(b?.args[0]));
}
