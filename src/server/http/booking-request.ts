import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { crimeaToday } from '../../domain/dates';
import { createTicketRequestSchema } from '../../protocol/tickets';
import { bookingOutcome } from '../metrics';
import {
  BOOKING_TEXTS,
  bookTicketFast,
  boundedLocks,
  createTicket,
  readBookingTour,
  readBookingTours,
  TourChanged,
  type BookedPayment,
  type BookingDeps,
  type BookingTour,
  type BookingTourCache,
} from '../services/booking';
import { readStored } from '../storage/idempotency';
import { bearerClaims, requirePrincipal } from './auth';
import type { AppDeps } from './deps';
import { ServiceError, statusOf } from './errors';
import { idempotencyKeyOf, replayOf, requestHashOf, runMutationOnce } from './idempotency';

// POST /api/tickets, the booking itself (routes/tickets.ts asks the payment after it): the short way
// first (services/booking.ts, bookTicketFast), and a booking in a transaction of its own for whatever
// the short way cannot decide, from the start.

export const BOOKING_REQUEST_TEXTS = {
  badBooking: 'Некорректные данные бронирования',
} as const;

export interface Booked {
  answer: { status: ContentfulStatusCode; body: unknown; replayed: boolean };
  /** The payments row the booking wrote, when this request booked. */
  booked?: BookedPayment;
}

const bookingDeps = (deps: AppDeps): BookingDeps => ({
  now: deps.now(),
  ticketCode: (id: string) => deps.tokens.ticketCode(id),
  paymentProvider: deps.payments.provider.name,
  guards: deps.bookingGuards,
});

/** How many times a booking is made again on a tour that changed while it was booked. */
const TOUR_CHANGED_RETRIES = 3;

/**
 * The short way (services/booking.ts, bookTicketFast): one statement, after one read of the tour when
 * this process has not read it yet. Undefined whenever slowBooking has to answer.
 */
async function fastBooking(
  c: Context,
  deps: AppDeps,
  tours: BookingTourCache,
  input: unknown,
): Promise<Booked | undefined> {
  const claims = await bearerClaims(c, deps);
  if (!claims) return undefined;
  const parsed = createTicketRequestSchema.safeParse(input);
  const key = idempotencyKeyOf(c);
  if (!parsed.success || key === null) return undefined;
  const request = parsed.data;
  const requestHash = key === undefined ? null : await requestHashOf(c);
  const attempt = (tour: BookingTour | undefined) =>
    bookTicketFast(
      deps.db,
      claims,
      request,
      tour,
      bookingDeps(deps),
      key === undefined || requestHash === null
        ? undefined
        : { key, method: c.req.method, path: c.req.path, requestHash },
    );
  const read = async () => {
    const tour = await readBookingTour(deps.db, request.tourID);
    if (tour) tours.set(tour);
    return tour;
  };
  // A tour not kept yet: read with its excursion's other tours, kept for their bookings to come.
  const readWithOthers = async () => {
    const rows = await readBookingTours(deps.db, request.tourID, crimeaToday(deps.now()));
    for (const row of [...rows].reverse()) tours.set(row);
    return rows[0];
  };
  const kept = tours.get(request.tourID);
  let fast = await attempt(kept ?? (await readWithOthers()));
  // A kept row may be older than the tour: refused or changed on it, try once more on a fresh one.
  if (kept && 'longWay' in fast && fast.longWay !== 'voided') {
    tours.delete(request.tourID);
    fast = await attempt(await read());
  }
  if ('longWay' in fast) return undefined;
  if ('result' in fast) {
    deps.events.publish(fast.result.events);
    const { status, body } = fast.result;
    return { answer: { status, body, replayed: false }, booked: fast.result.payment };
  }
  // A replay, or a concurrent request with the same key that committed first. The row is read here
  // for its request hash, which the statement's replay does not return: replays are rare.
  const stored =
    (await readStored(deps.db, claims.userId, key as string)) ?? ('replay' in fast ? fast.replay : null);
  if (!stored) throw new Error('an Idempotency-Key lost its race but has no stored answer');
  return { answer: replayOf(c, stored, 'detail', requestHash, deps.metrics) };
}

/**
 * The booking in a transaction of its own (services/booking.ts, createTicket), after the caller's
 * token and role are checked: each refusal in its order, and the Idempotency-Key's answer stored
 * whatever it is.
 */
async function slowBooking(c: Context, deps: AppDeps, input: unknown): Promise<Booked> {
  const principal = await requirePrincipal(c, deps);
  const parsed = createTicketRequestSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError('invalid', BOOKING_REQUEST_TEXTS.badBooking);
  for (let attempt = 1; ; attempt++) {
    // The payments row is written with the booking; the provider is asked after the commit.
    let booked: BookedPayment | undefined;
    try {
      const answer = await runMutationOnce(
        c,
        deps,
        principal.id,
        'detail',
        async (tx) => {
          const result = await createTicket(tx, principal, parsed.data, bookingDeps(deps));
          booked = result.payment;
          return result;
        },
        boundedLocks(deps.bookingGuards),
      );
      return { answer, booked };
    } catch (error) {
      // An excursion edited again and again while it is booked: as busy as a lock that never frees.
      if (!(error instanceof TourChanged)) throw error;
      if (attempt >= TOUR_CHANGED_RETRIES) throw new ServiceError('conflict', BOOKING_TEXTS.busy);
    }
  }
}

/** Counts how a booking call ended (metrics.ts bookingOutcome), its thrown refusals included. */
async function counted(deps: AppDeps, booking: () => Promise<Booked>): Promise<Booked> {
  let outcome = bookingOutcome(500, false);
  try {
    const done = await booking();
    outcome = bookingOutcome(done.answer.status, done.answer.replayed);
    return done;
  } catch (error) {
    if (error instanceof ServiceError) outcome = bookingOutcome(statusOf(error), false);
    throw error;
  } finally {
    deps.metrics?.bookings.inc({ outcome });
  }
}

/** Books what the request asks for, counted in the metrics by its outcome. */
export function bookFromRequest(
  c: Context,
  deps: AppDeps,
  tours: BookingTourCache,
  input: unknown,
): Promise<Booked> {
  return counted(
    deps,
    async () => (await fastBooking(c, deps, tours, input)) ?? (await slowBooking(c, deps, input)),
  );
}
