import type { CreateTicketRequest } from '../../../protocol/tickets';
import type { Stored } from '../mutation';
import { callBookTicket } from '../../storage/booking-batch';
import { bookTicketIn, readBookingTour, type BookingTour } from '../../storage/bookings';
import type { Db, Queryable } from '../../storage/db';
import type { Principal } from '../../storage/users';
import { ServiceError } from '../errors';
import { PRODUCTION_BOOKING_GUARDS, withBoundedLocks } from './guards';
import { BOOKING_TEXTS } from './texts';
import { bookedUser, checkSeats, checkTour, priceBooking, type Priced } from './rules';
import {
  BOOK_TICKET_CODES,
  bookedResult,
  bookingRefusal,
  prepareBooking,
  type BookedRow,
  type BookingDeps,
  type BookingResult,
} from './statement';

// A booking (SPEC §7 POST /api/tickets) is one call of book_ticket after the rules that need no
// other ticket (rules.ts), two ways:
//
// - bookTicketFast, for the token's own user: the call is the booking's whole transaction, sent
//   without BEGIN and COMMIT (PostgreSQL commits it when it returns and rolls it back whole when it
//   raises) and batched with the bookings waiting beside it (storage/booking-batch.ts). It checks a
//   tour row read earlier without locks (and kept: see tour-cache.ts); book_ticket compares that row
//   with the tour under the lock.
// - createTicket, in a transaction of the caller's (the route's, which stores the Idempotency-Key's
//   answer, refusals included), for whatever bookTicketFast leaves: an admin booking for someone
//   else, a refusal of the row checks, a token to check, a tour changed since it was read.
//
// Both answer every refusal in one order: who books, the tour, the account's holds and recent
// bookings, the places left, the seats against the bus, the seats taken, the services and prices.

export type FastBooking =
  | { replay: Stored }
  | { lostRace: true }
  | { result: BookingResult }
  /** The short way cannot answer this one: book with createTicket (or first retry on a fresh row). */
  | { longWay: 'refused' | 'changed' | 'voided' };

/**
 * The short way for the token's own user. Refusals that need the other tickets (no places, seats
 * taken, a lock wait that ran out) are thrown as createTicket throws them.
 */
export async function bookTicketFast(
  db: Db,
  /** The token's user, version and id (`jti`: checked against the revoked list, when given). */
  caller: { userId: number; tokenVersion: number; jti?: string },
  request: CreateTicketRequest,
  tour: BookingTour | undefined,
  deps: BookingDeps,
  /** requestHash: http/idempotency.ts requestHashOf, kept with the key to refuse its reuse. */
  idempotency?: { key: string; method: string; path: string; requestHash?: string },
): Promise<FastBooking> {
  if (request.userID !== caller.userId || request.adults < 1) return { longWay: 'refused' };
  const guards = deps.guards ?? PRODUCTION_BOOKING_GUARDS;
  let seats: number[];
  let priced: Priced;
  try {
    checkTour(tour, request, deps.now);
    seats = checkSeats(tour, request, guards.orderedSeats);
    priced = priceBooking(tour, request);
  } catch (error) {
    if (error instanceof ServiceError) return { longWay: 'refused' };
    throw error;
  }
  const booking = prepareBooking(tour, request, caller.userId, seats, priced, deps, caller, idempotency);
  let row: BookedRow | { replay: Stored };
  try {
    row = (await callBookTicket(db, booking.args, guards.orderByTour)) as unknown as
      BookedRow | { replay: Stored };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === BOOK_TICKET_CODES.changed) return { longWay: 'changed' };
    if (code === BOOK_TICKET_CODES.voided) return { longWay: 'voided' };
    if (code === BOOK_TICKET_CODES.keyRace) return { lostRace: true };
    throw bookingRefusal(error) ?? error;
  }
  if ('replay' in row) return { replay: row.replay };
  return { result: await bookedResult(db, tour, booking, row) };
}

/**
 * Thrown by createTicket when the tour or its excursion changed between its read and book_ticket's
 * lock: the caller rolls back and books again, on a fresh read.
 */
export class TourChanged extends Error {
  constructor() {
    super('the tour changed while it was booked');
    this.name = 'TourChanged';
  }
}

/**
 * The booking in the caller's transaction, by a caller the route has checked (token, role).
 * A refusal of the seats or the prices waits until book_ticket has counted what comes before it;
 * when nothing there refuses, the refusal is thrown after the write, and the caller's rollback
 * undoes it.
 */
export async function createTicket(
  tx: Queryable,
  principal: Principal,
  request: CreateTicketRequest,
  deps: BookingDeps,
): Promise<BookingResult> {
  const guards = deps.guards ?? PRODUCTION_BOOKING_GUARDS;
  return withBoundedLocks(
    tx,
    async () => {
      const userId = bookedUser(principal, request);
      const tour = await readBookingTour(tx, request.tourID);
      checkTour(tour, request, deps.now);
      let seats: number[] = [];
      let priced: Priced = { services: [], price: 0, entry: 0 };
      let later: ServiceError | undefined;
      try {
        seats = checkSeats(tour, request, guards.orderedSeats);
        priced = priceBooking(tour, request);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        later = error;
      }
      const booking = prepareBooking(tour, request, userId, seats, priced, deps, null);
      let row: BookedRow;
      try {
        row = (await bookTicketIn(tx, booking.args)) as unknown as BookedRow;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === BOOK_TICKET_CODES.changed) throw new TourChanged();
        // The booked user's token version is read in the statement: voided only if there is no such
        // user (an admin booking for an id nobody has).
        if (code === BOOK_TICKET_CODES.voided) throw new ServiceError('notFound', BOOKING_TEXTS.userNotFound);
        throw bookingRefusal(error) ?? error;
      }
      if (later) throw later;
      return bookedResult(tx, tour, booking, row);
    },
    guards,
  );
}
