import { manifestUpdate } from '../seller-alerts';
import { ticketUpdate } from '../ticket-update';
import { freeCancelDeadline } from '../../../domain/cancellation';
import type { Ticket } from '../../../domain/types';
import { replicaTour } from '../../../protocol/sync';
import type { CreateTicketRequest } from '../../../protocol/tickets';
import { STORED_HASH_FIELD, type MutationResult } from '../mutation';
import type { ServerEvent } from '../../realtime/events';
import type { BookingTour } from '../../storage/bookings';
import { toTour, type TourRow } from '../../storage/catalogue';
import type { Queryable } from '../../storage/db';
import { findTicket } from '../../storage/tickets';
import { ServiceError } from '../errors';
import { newEntityId } from '../ids';
import { busyRefusal, PRODUCTION_BOOKING_GUARDS, type BookingGuards } from './guards';
import { capacityOf, type Priced } from './rules';
import { BOOKING_TEXTS, HOLD_MINUTES, LOCK_TIMEOUT_MS } from './texts';

// A booking's call of book_ticket (migrations 5, 9 and 11): its arguments, what its refusals mean,
// and the answer and events made of what it returns. The function bounds its lock waits, joins the
// commit fence, checks the token version, answers a stored Idempotency-Key, locks the account and
// then the tour, makes sure the tour is still the row the server checked, counts the account's
// holds and recent bookings, frees holds that ran out, counts the places left, checks the seats,
// and writes the ticket, its payments row, its seats, the tour's new version and the key's answer.
//
// Lock order, everywhere a ticket changes (booking, cancelling, the hold sweeper, a payment): the
// tour first, then its tickets, then seats in ascending order. A booking first locks its account (a
// transaction advisory lock on the user id, which nothing but a booking takes), so one account's
// bookings run one after the other and each counts the holds the others made; a booking never
// waits for an account while it holds a tour. A lock wait is bounded (LOCK_TIMEOUT_MS): a wait that
// runs out, or a deadlock the database breaks, answers 409 with a Russian detail, never a 5xx and
// never a request that hangs.

export interface BookingDeps {
  now: Date;
  ticketCode: (ticketId: string) => string;
  /**
   * The payment provider's name: the ticket's payments row is written with the booking, in its
   * transaction, instead of in a commit of its own afterwards. The provider itself is called after
   * the commit (payments/checkout.ts), so a slow provider never holds the tour lock.
   */
  paymentProvider?: string;
  /** PRODUCTION_BOOKING_GUARDS unless a test's control run switches one off. */
  guards?: Readonly<BookingGuards>;
}

/** The payments row written with a booking: what checkout needs without reading it back. */
export interface BookedPayment {
  paymentId: string;
  amount: number;
  title: string;
}

export type BookingResult = MutationResult & { ticketId: string; payment?: BookedPayment };

/** What book_ticket returns for a ticket it wrote. */
export interface BookedRow {
  ticket_version: number;
  tour_version: number;
  ticket_ids: string[] | null;
  people: number | null;
  seats: number[] | null;
  expired: string[];
  expired_users: number[];
}

/** The SQLSTATEs book_ticket raises. */
export const BOOK_TICKET_CODES = {
  changed: 'KB001',
  places: 'KB002',
  seats: 'KB003',
  keyRace: 'KB004',
  voided: 'KB005',
  noChildren: 'KB006',
  holds: 'KB007',
  tooMany: 'KB008',
} as const;

export const UNIQUE_VIOLATION = '23505';

/**
 * The refusal a book_ticket error means, as the caller sees it; undefined for the codes that are
 * not a refusal (changed, voided, the key's race) and for any other error.
 */
export function bookingRefusal(error: unknown): ServiceError | undefined {
  const { code, message } = error as { code?: string; message?: string };
  const codes = BOOK_TICKET_CODES;
  // The function raises the number of places left, and the number of holds, as the message.
  if (code === codes.places)
    return new ServiceError('conflict', BOOKING_TEXTS.notEnoughPlaces(Number(message)));
  // The unique index on live seats answers the same: only reachable without the tour lock.
  if (code === codes.seats || code === UNIQUE_VIOLATION)
    return new ServiceError('conflict', BOOKING_TEXTS.seatsTaken);
  if (code === codes.noChildren) return new ServiceError('invalid', BOOKING_TEXTS.noChildren);
  if (code === codes.holds) return new ServiceError('conflict', BOOKING_TEXTS.tooManyHolds(Number(message)));
  if (code === codes.tooMany) return new ServiceError('tooMany', BOOKING_TEXTS.tooManyBookings);
  return busyRefusal(error);
}

/** A booking ready to send: book_ticket's arguments and the answer it makes once written. */
export interface PreparedBooking {
  args: unknown[];
  ticketId: string;
  paymentId: string | null;
  ticket: Ticket;
  body: { status_code: 200; ticket_id: string; ticket: Ticket };
}

/**
 * book_ticket's 29 arguments for a booking checked against `tour`. The answer is known before the
 * write: it is what findTicket would read back (storage/tickets.ts). `caller` is the token's
 * version and id (null for a caller checked already: the booked user's version is then compared);
 * `key` is the Idempotency-Key the function stores the answer under, with the request's hash
 * (requestHashOf in http/idempotency.ts).
 */
export function prepareBooking(
  tour: BookingTour,
  request: CreateTicketRequest,
  userId: number,
  seats: number[],
  { services, price, entry }: Priced,
  deps: BookingDeps,
  caller: { tokenVersion: number; jti?: string } | null,
  key?: { key: string; method: string; path: string; requestHash?: string },
): PreparedBooking {
  const guards = deps.guards ?? PRODUCTION_BOOKING_GUARDS;
  const ticketId = newEntityId(deps.now);
  const paymentId = deps.paymentProvider ? newEntityId(deps.now) : null;
  const checkCode = deps.ticketCode(ticketId);
  const holdUntil = new Date(deps.now.getTime() + HOLD_MINUTES * 60_000);
  const ticket: Ticket = {
    _id: ticketId,
    userID: userId,
    tourID: tour.id,
    adults: request.adults,
    kids: request.kids,
    seats: [...seats].sort((a, b) => a - b),
    assemblyPoint: request.assemblyPoint,
    services,
    excursionPrice: price,
    entryPrice: entry,
    status: 'to payment',
    checkCode,
    tour: { date: tour.date, time: tour.time, excursionID: tour.excursion_id },
    holdUntil: holdUntil.toISOString(),
  };
  const deadline = freeCancelDeadline(tour.date, tour.time, tour.free_cancel_hours);
  if (deadline) ticket.freeCancelUntil = deadline.toISOString();
  const body = { status_code: 200 as const, ticket_id: ticketId, ticket };
  const args = [
    tour.id,
    tour.excursion_id,
    tour.date,
    tour.time,
    tour.excursion_version,
    capacityOf(tour),
    guards.lock,
    guards.expireHolds,
    guards.lockTimeout ? LOCK_TIMEOUT_MS : null,
    deps.now,
    ticketId,
    userId,
    caller?.tokenVersion ?? null,
    request.adults,
    request.kids,
    request.assemblyPoint,
    JSON.stringify(services),
    price,
    entry,
    holdUntil,
    checkCode,
    paymentId,
    deps.paymentProvider ?? null,
    seats,
    key?.key ?? null,
    key?.method ?? null,
    key?.path ?? null,
    // The request's hash rides with the stored answer; a trigger files it (migration 13).
    key ? JSON.stringify(key.requestHash ? { ...body, [STORED_HASH_FIELD]: key.requestHash } : body) : null,
    caller?.jti ?? null,
  ];
  return { args, ticketId, paymentId, ticket, body };
}

/**
 * The answer and events of a booking book_ticket wrote. Holds it found run out are announced as the
 * sweeper announces them (rare: each is read back).
 */
export async function bookedResult(
  db: Queryable,
  tour: BookingTour,
  booking: PreparedBooking,
  row: BookedRow,
): Promise<BookingResult> {
  const { ticket, ticketId, paymentId, body } = booking;
  const userId = ticket.userID;
  const events: ServerEvent[] = [];
  for (const [i, id] of row.expired.entries()) {
    const gone = await findTicket(db, id);
    const owner = row.expired_users[i] as number;
    if (gone) events.push(ticketUpdate(owner, gone));
  }
  const tourRow: TourRow = {
    id: tour.id,
    excursion_id: tour.excursion_id,
    date: tour.date,
    time: tour.time,
    version: row.tour_version,
    excursion_status: tour.excursion_status,
    owner_id: tour.owner_id,
    bus_type: tour.bus_type,
    available_seats: tour.available_seats,
    ticket_ids: row.ticket_ids,
    people: row.people,
    seats: row.seats,
  };
  events.push(
    { channel: 'TICKET_UPDATE', userId, data: { user_id: userId, ticket, version: row.ticket_version } },
    {
      channel: 'USER_UPDATE',
      userId,
      data: { user_id: userId, action: 'ticket_added', ticket_id: ticketId },
    },
    {
      channel: 'TOUR_UPDATE',
      data: {
        action: 'update',
        tour_id: tour.id,
        tour: replicaTour(toTour(tourRow)),
        version: row.tour_version,
      },
    },
    // The seller's manifest gains the new hold (and loses any that lapsed on this tour).
    manifestUpdate(tour.owner_id),
  );
  return {
    status: 200,
    body,
    events,
    ticketId,
    ...(paymentId ? { payment: { paymentId, amount: ticket.excursionPrice, title: tour.title } } : {}),
  };
}
