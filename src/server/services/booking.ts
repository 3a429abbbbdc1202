import { callBookTicket } from './booking-batch';
import { crimeaNowKey, tourDateTimeKey } from '../../domain/dates';
import { entryPrice, totalPrice } from '../../domain/pricing';
import type { BusType, Service, Ticket, TicketService } from '../../domain/types';
import type { CreateTicketRequest } from '../../protocol/tickets';
import { HttpError } from '../http/errors';
import { STORED_HASH_FIELD, type MutationResult, type Stored } from '../http/idempotency';
import type { ServerEvent } from '../realtime/events';
import { bumpTour, toTour, type TourRow } from '../storage/catalogue';
import type { Db, Queryable, TransactionOptions } from '../storage/db';
import { findTicket } from '../storage/tickets';
import type { Principal } from '../storage/users';
import { newEntityId } from './ids';
import { hitRateLimit, RATE_RULES } from './rate-limit';
import { replicaTour } from '../../protocol/sync';
import { pluralize } from '../../domain/plural';

// Booking (SPEC §7 POST /api/tickets) in one transaction: the tour row is locked first, so two
// bookings of one tour run one after the other and each sees the seats the other took. The partial
// unique index on live (tour, seat) rows is the second guard. Prices come from the excursion, never
// from the body; a body that disagrees was built from stale data and is refused.
//
// Lock order, everywhere a ticket changes (booking, cancelling, the hold sweeper, a payment): the
// tour first, then its tickets, then seats in ascending order. A booking first locks its account (a
// transaction advisory lock on the user id, which nothing but a booking takes), so one account's
// bookings run one after the other and each counts the holds the others made; a booking never
// waits for an account while it holds a tour. A lock wait is bounded
// (LOCK_TIMEOUT_MS): a wait that runs out, or a deadlock the database breaks, answers 409 with a
// Russian detail, never a 5xx and never a request that hangs.

export const HOLD_MINUTES = 15;

/**
 * The most unpaid bookings (holds not run out) one account may have at once: more would let one
 * account keep a coach's seats from everyone else, hold after hold. book_ticket (migration 9) has
 * the same number, and RATE_RULES.bookingPerAccount's.
 */
export const MAX_UNPAID_HOLDS = 3;

/** The advisory lock class of an account's bookings (two-key form; the key is the user id). */
export const ACCOUNT_BOOKING_LOCK = 727020;

const HOLD_FORMS = ['неоплаченная бронь', 'неоплаченные брони', 'неоплаченных броней'] as const;

export const BOOKING_TEXTS = {
  tourNotFound: 'Тур не найден',
  tourPast: 'Этот тур уже прошёл, выберите другую дату',
  excursionClosed: 'Экскурсия сейчас недоступна для бронирования',
  noAdults: 'Нужен хотя бы один взрослый',
  noChildren: 'Эта экскурсия не рассчитана на детей: выберите только взрослых',
  tooManyHolds: (holds: number) =>
    `У вас уже ${holds} ${pluralize(holds, HOLD_FORMS)}: оплатите или отмените одну из них`,
  tooManyBookings: 'Слишком много бронирований подряд: попробуйте через несколько минут',
  notEnoughPlaces: (left: number) => `Недостаточно свободных мест: осталось ${left}`,
  seatCount: 'Выберите столько мест, сколько человек едет',
  noSeatsExpected: 'Для этой экскурсии места не выбираются',
  seatMissing: (seat: number) => `Места ${seat} нет в этом автобусе`,
  seatReserved: (seat: number) => `Место ${seat} недоступно для бронирования`,
  seatsTaken: 'Места уже заняты',
  assemblyPoint: 'Выберите место сбора из списка',
  service: (name: string) => `Услуга «${name}» недоступна или изменилась цена`,
  priceChanged: 'Цена изменилась: обновите страницу и проверьте сумму',
  forOther: 'Можно бронировать только для себя',
  ticketNotFound: 'Билет не найден',
  notYourTicket: 'Это не ваш билет',
  confirmOnlyByPayment: 'Билет подтверждается только после оплаты',
  cannotCancelPaid: 'Оплаченный билет может отменить только администратор',
  transition: (from: string, to: string) => `Нельзя сменить статус «${from}» на «${to}»`,
  busy: 'Места на этот тур сейчас бронируют другие покупатели, попробуйте ещё раз',
} as const;

/** The longest a booking, a cancellation or a payment waits for a row lock before answering 409. */
export const LOCK_TIMEOUT_MS = 5000;

interface LockedTour {
  id: string;
  excursion_id: string;
  title: string;
  date: string;
  time: string;
  excursion_status: string;
  bus_type: BusType;
  available_seats: number[];
  reserved_seats: number[];
  max_attendants: number;
  adult_price: number;
  kid_price: number;
  adult_entry_price: number;
  kid_entry_price: number;
  children_allowed: boolean;
  services: Service[];
  assembly_points: string[];
}

/** What a booking reads of its tour and excursion (`t` and `e`). */
const TOUR_COLUMNS = `t.id, t.excursion_id, e.title, t.date, t.time, e.status AS excursion_status, e.bus_type,
  e.available_seats, e.reserved_seats, e.max_attendants, e.adult_price, e.kid_price, e.adult_entry_price,
  e.kid_entry_price, e.children_allowed, e.services, e.assembly_points`;

/**
 * Test-only switch: with it off neither the tour row nor the account is locked, so a concurrency
 * test can prove the locks matter.
 */
export const bookingLock = { enabled: true };

/**
 * Test-only switches for the other guards, so each reliability test has a control run that fails:
 * seats written in ascending order, the bounded lock wait, expired holds freed before seats are
 * counted, and a late payment re-checking its seats.
 */
export const bookingGuards = {
  orderedSeats: true,
  lockTimeout: true,
  expireHolds: true,
  recheckLatePayment: true,
  /** A cancellation locks the tour before the ticket (the lock order of a booking and a payment). */
  tourFirst: true,
};

const LOCK_NOT_AVAILABLE = '55P03';
const DEADLOCK_DETECTED = '40P01';

/**
 * How a transaction that books, cancels or pays opens: with its lock waits bounded from BEGIN (one
 * round trip fewer than a `SET LOCAL` of its own). withBoundedLocks then has nothing to set.
 */
export function boundedLocks(): TransactionOptions {
  return bookingGuards.lockTimeout ? { lockTimeoutMs: LOCK_TIMEOUT_MS } : {};
}

/**
 * Runs `fn` with the transaction's lock waits bounded; a wait that runs out or a deadlock becomes a
 * 409 with a Russian detail. Must be the transaction's first use of row locks. A transaction opened
 * with boundedLocks() already has the timeout.
 */
export async function withBoundedLocks<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
  if (bookingGuards.lockTimeout && tx.lockTimeoutMs !== LOCK_TIMEOUT_MS)
    await tx.query(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
  try {
    return await fn();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === LOCK_NOT_AVAILABLE || code === DEADLOCK_DETECTED)
      throw new HttpError(409, BOOKING_TEXTS.busy);
    throw error;
  }
}

export interface BookingDeps {
  now: Date;
  ticketCode: (ticketId: string) => string;
  /**
   * The payment provider's name: the ticket's payments row is written with the booking, in its
   * transaction, instead of in a commit of its own afterwards. The provider itself is called after
   * the commit (payments/checkout.ts), so a slow provider never holds the tour lock.
   */
  paymentProvider?: string;
}

/** The payments row written with a booking: what checkout needs without reading it back. */
export interface BookedPayment {
  paymentId: string;
  amount: number;
  title: string;
}

export type BookingResult = MutationResult & { ticketId: string; payment?: BookedPayment };

export async function createTicket(
  tx: Queryable,
  principal: Principal,
  request: CreateTicketRequest,
  deps: BookingDeps,
): Promise<BookingResult> {
  return withBoundedLocks(tx, () => bookTour(tx, principal, request, deps));
}

async function bookTour(
  tx: Queryable,
  principal: Principal,
  request: CreateTicketRequest,
  deps: BookingDeps,
): Promise<BookingResult> {
  if (request.userID !== principal.id && principal.role !== 'admin')
    throw new HttpError(403, BOOKING_TEXTS.forOther);
  const userId = principal.role === 'admin' ? request.userID : principal.id;
  if (request.adults < 1) throw new HttpError(400, BOOKING_TEXTS.noAdults);

  if (bookingLock.enabled)
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [ACCOUNT_BOOKING_LOCK, userId]);
  const [tour] = await tx.query<LockedTour>(
    `SELECT ${TOUR_COLUMNS} FROM tours t JOIN excursions e ON e.id = t.excursion_id
     WHERE t.id = $1 ${bookingLock.enabled ? 'FOR UPDATE OF t' : ''}`,
    [request.tourID],
  );
  checkTour(tour, request, deps.now);
  await checkAccount(tx, userId, deps.now);

  // Holds that ran out free their seats before this booking counts what is left.
  const expired = await expireHolds(tx, deps.now, tour.id);

  const people = request.adults + request.kids;
  const [{ taken }] = (await tx.query<{ taken: number }>(
    `SELECT coalesce(sum(adults + kids), 0)::int AS taken FROM tickets WHERE tour_id = $1 AND status <> 'cancelled'`,
    [tour.id],
  )) as [{ taken: number }];
  const left = Math.max(0, capacityOf(tour) - taken);
  if (people > left) throw new HttpError(409, BOOKING_TEXTS.notEnoughPlaces(left));

  const seats = checkSeats(tour, request);
  if (seats.length > 0) {
    const busy = await tx.query<{ seat: number }>(
      'SELECT seat FROM ticket_seats WHERE tour_id = $1 AND active AND seat = ANY($2::int[])',
      [tour.id, seats],
    );
    if (busy.length > 0) throw new HttpError(409, BOOKING_TEXTS.seatsTaken);
  }
  const { services, price, entry } = priceBooking(tour, request);

  const ticketId = newEntityId(deps.now);
  const paymentId = deps.paymentProvider ? newEntityId(deps.now) : null;
  const holdUntil = new Date(deps.now.getTime() + HOLD_MINUTES * 60_000);
  // The ticket, its payments row and its seats in one statement (one round trip). Seats go in
  // ascending order, one row after another: two bookings that want overlapping seats meet at the
  // lowest shared seat and never wait for each other crosswise.
  try {
    await tx.query(
      `WITH ticket AS (
         INSERT INTO tickets (id, user_id, tour_id, adults, kids, assembly_point, services, excursion_price,
           entry_price, status, hold_until, check_code, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'to payment', $10, $11, $12, $12)
         RETURNING id
       ), payment AS (
         INSERT INTO payments (id, ticket_id, provider, amount)
         SELECT $13::text, id, $14::text, $8 FROM ticket WHERE $13::text IS NOT NULL
       )
       INSERT INTO ticket_seats (ticket_id, tour_id, seat)
       SELECT $1, $3, s.seat FROM unnest($15::int[]) WITH ORDINALITY AS s(seat, n) ORDER BY s.n`,
      [
        ticketId,
        userId,
        tour.id,
        request.adults,
        request.kids,
        request.assemblyPoint,
        JSON.stringify(services),
        price,
        entry,
        holdUntil,
        deps.ticketCode(ticketId),
        deps.now,
        paymentId,
        deps.paymentProvider ?? null,
        seats,
      ],
    );
  } catch (error) {
    // The unique index on live seats: only reachable without the tour lock.
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, BOOKING_TEXTS.seatsTaken);
    throw error;
  }
  const change = await ticketChange(tx, ticketId, userId, 'ticket_added');
  return {
    status: 200,
    body: { status_code: 200, ticket_id: ticketId, ticket: change.ticket },
    events: [...expired, ...change.events],
    ticketId,
    ...(paymentId ? { payment: { paymentId, amount: price, title: tour.title } } : {}),
  };
}

function capacityOf(tour: LockedTour): number {
  return tour.bus_type === 'none' ? tour.max_attendants : tour.available_seats.length;
}

/** The refusals that need only the tour and its excursion: asked before anything is counted. */
function checkTour(
  tour: LockedTour | undefined,
  request: CreateTicketRequest,
  now: Date,
): asserts tour is LockedTour {
  if (!tour) throw new HttpError(404, BOOKING_TEXTS.tourNotFound);
  if (tour.excursion_status !== 'published') throw new HttpError(409, BOOKING_TEXTS.excursionClosed);
  if (tourDateTimeKey(tour.date, tour.time) <= crimeaNowKey(now))
    throw new HttpError(409, BOOKING_TEXTS.tourPast);
  if (!tour.assembly_points.includes(request.assemblyPoint))
    throw new HttpError(400, BOOKING_TEXTS.assemblyPoint);
  if (request.kids > 0 && !tour.children_allowed) throw new HttpError(400, BOOKING_TEXTS.noChildren);
}

/**
 * The account's own limits, under its lock: its live holds (one range of tickets_unpaid), then the
 * bookings it made lately. Counted in the booking's transaction, so a refused booking counts nothing.
 */
async function checkAccount(tx: Queryable, userId: number, now: Date): Promise<void> {
  const [{ holds }] = (await tx.query<{ holds: number }>(
    `SELECT count(*)::int AS holds FROM tickets WHERE user_id = $1 AND status = 'to payment' AND hold_until >= $2`,
    [userId, now],
  )) as [{ holds: number }];
  if (holds >= MAX_UNPAID_HOLDS) throw new HttpError(409, BOOKING_TEXTS.tooManyHolds(holds));
  try {
    await hitRateLimit(tx, RATE_RULES.bookingPerAccount, String(userId), now);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429)
      throw new HttpError(429, BOOKING_TEXTS.tooManyBookings);
    throw error;
  }
}

/** The seats asked for, checked against the bus (not against other tickets), in the order to write them. */
function checkSeats(tour: LockedTour, request: CreateTicketRequest): number[] {
  const seats = bookingGuards.orderedSeats ? [...request.seats].sort((a, b) => a - b) : [...request.seats];
  if (tour.bus_type === 'none') {
    if (seats.length > 0) throw new HttpError(400, BOOKING_TEXTS.noSeatsExpected);
    return seats;
  }
  if (seats.length !== request.adults + request.kids || new Set(seats).size !== seats.length)
    throw new HttpError(400, BOOKING_TEXTS.seatCount);
  for (const seat of seats) {
    if (tour.reserved_seats.includes(seat)) throw new HttpError(409, BOOKING_TEXTS.seatReserved(seat));
    if (!tour.available_seats.includes(seat)) throw new HttpError(400, BOOKING_TEXTS.seatMissing(seat));
  }
  return seats;
}

/** The services and both prices from the excursion; a body that disagrees is refused. */
function priceBooking(
  tour: LockedTour,
  request: CreateTicketRequest,
): { services: TicketService[]; price: number; entry: number } {
  const services: TicketService[] = [];
  for (const wanted of request.services) {
    const offered = tour.services.find((s) => s.name === wanted.name);
    if (!offered || offered.price !== wanted.price)
      throw new HttpError(409, BOOKING_TEXTS.service(wanted.name));
    if (!services.some((s) => s.name === offered.name)) services.push({ ...offered, selected: true });
  }
  const party = { adults: request.adults, kids: request.kids };
  const price = totalPrice({ adultPrice: tour.adult_price, kidPrice: tour.kid_price }, party, services);
  const entry = entryPrice(
    { adultEntryPrice: tour.adult_entry_price, kidEntryPrice: tour.kid_entry_price },
    party,
  );
  if (price !== request.excursionPrice || entry !== request.entryPrice)
    throw new HttpError(409, BOOKING_TEXTS.priceChanged);
  return { services, price, entry };
}

// The short way (a booking costs what its round trips and commits cost). Every check
// that needs no other ticket is made here, on a tour row read earlier without locks (and kept: see
// BookingTourCache); the rest is the book_ticket function (migration 5), the one statement of the
// booking's transaction: it checks the caller's token version, locks the tour, confirms the
// row is still the one checked, and counts, checks and writes as bookTour does. Whatever the short
// way cannot answer exactly as bookTour would (a refusal found on the row, an admin booking for
// someone else, a voided token, a tour changed since it was read) it leaves to the caller, who
// books the long way, which decides the answer.

/** The tour row of the short way, with what its event and the changed-row check need. */
export interface BookingTour extends LockedTour {
  owner_id: number;
  excursion_version: number;
}

/** A tour and its excursion as the short way checks them, read without locks; undefined if none. */
export async function readBookingTour(db: Queryable, tourId: string): Promise<BookingTour | undefined> {
  const [row] = await db.query<BookingTour>(
    `SELECT ${TOUR_COLUMNS}, e.owner_id, e.version AS excursion_version
     FROM tours t JOIN excursions e ON e.id = t.excursion_id WHERE t.id = $1`,
    [tourId],
    { name: 'read_booking_tour' },
  );
  return row;
}

/** The most tours of one excursion read together with the one a booking asked for. */
export const BOOKING_TOURS_READ = 1000;

/**
 * The tour a booking asked for, as readBookingTour reads it, followed by its excursion's other tours
 * from its own day on (up to BOOKING_TOURS_READ, soonest first): rows that differ only in id, date
 * and time, sharing the excursion's fields. One read then serves the next booking of any tour of
 * that excursion, where one read per tour would cost a second round trip for each tour's first booking
 * after a start. The window starts at the booked tour's day, not today: with more tours ahead than
 * the window holds (five departures a day for a year), a tour past the soonest ones would otherwise
 * be read with those same soonest ones each time, and never with its neighbours. Empty if there is no
 * such tour. A sibling row is checked under the lock like any kept row (book_ticket), so one that
 * changed meanwhile costs a retry, never a wrong answer.
 */
export async function readBookingTours(db: Queryable, tourId: string, today: string): Promise<BookingTour[]> {
  const [row] = await db.query<
    BookingTour & { other_ids: string[] | null; other_dates: string[] | null; other_times: string[] | null }
  >(
    `SELECT ${TOUR_COLUMNS}, e.owner_id, e.version AS excursion_version,
       o.ids AS other_ids, o.dates AS other_dates, o.times AS other_times
     FROM tours t JOIN excursions e ON e.id = t.excursion_id
     CROSS JOIN LATERAL (
       SELECT array_agg(x.id) AS ids, array_agg(x.date::text) AS dates, array_agg(x.time) AS times
       FROM (SELECT x.id, x.date, x.time FROM tours x
             WHERE x.excursion_id = t.excursion_id AND x.date >= greatest($2::date, t.date) AND x.id <> t.id
             ORDER BY x.date, x.time LIMIT ${BOOKING_TOURS_READ}) x
     ) o
     WHERE t.id = $1`,
    [tourId, today],
    { name: 'read_booking_tours' },
  );
  if (!row) return [];
  const { other_ids: ids, other_dates: dates, other_times: times, ...tour } = row;
  const others = (ids ?? []).map((id, i) => ({
    ...tour,
    id,
    date: dates?.[i] as string,
    time: times?.[i] as string,
  }));
  return [tour, ...others];
}

/** Tour rows a process keeps for the short way: 20,000 rows hold a few megabytes (see sharedWith). */
export const BOOKING_TOUR_CACHE_LIMIT = 20_000;

/**
 * Tour rows the short way has read, per database (one per app). A row may be out of date: book_ticket
 * compares it with the tour and the excursion's version under the lock, and a booking refused on an
 * old row is tried again on a fresh one, so a stale row costs one round trip, never a wrong answer.
 */
export interface BookingTourCache {
  get(id: string): BookingTour | undefined;
  set(tour: BookingTour): void;
  delete(id: string): void;
}

/**
 * The rows most recently used, up to `limit`. Least recently used goes first: bookings keep coming
 * to the tours people are buying, and a catalogue with more bookable tours than the limit keeps
 * its busy ones. (Forgetting everything at the limit would, once a server had run a while, read the
 * tour again for about one booking in three: computed for 5,400 tours booked at random.)
 */
export function createBookingTourCache(limit = BOOKING_TOUR_CACHE_LIMIT): BookingTourCache {
  const rows = new Map<string, BookingTour>();
  const excursions = new Map<string, BookingTour>();
  return {
    get(id) {
      const row = rows.get(id);
      if (row) {
        // A Map iterates in insertion order: re-inserting makes this row the most recently used.
        rows.delete(id);
        rows.set(id, row);
      }
      return row;
    },
    set(read) {
      const tour = sharedWith(excursions, read);
      rows.delete(tour.id);
      rows.set(tour.id, tour);
      if (rows.size > limit) rows.delete(rows.keys().next().value as string);
    },
    delete: (id) => void rows.delete(id),
  };
}

/**
 * The row with its excursion's texts, seats and services taken from an earlier row of the same
 * excursion version, so the tours of one excursion hold one copy of them (about 1.1 KB a row
 * otherwise). `excursions` keeps the latest row read of each excursion.
 */
function sharedWith(excursions: Map<string, BookingTour>, tour: BookingTour): BookingTour {
  const seen = excursions.get(tour.excursion_id);
  if (!seen || seen.excursion_version !== tour.excursion_version) {
    excursions.set(tour.excursion_id, tour);
    return tour;
  }
  return {
    ...tour,
    title: seen.title,
    available_seats: seen.available_seats,
    reserved_seats: seen.reserved_seats,
    services: seen.services,
    assembly_points: seen.assembly_points,
  };
}

export type FastBooking =
  | { replay: Stored }
  | { lostRace: true }
  | { result: BookingResult }
  /** The short way cannot answer this one: book the long way (or first retry on a fresh row). */
  | { longWay: 'refused' | 'changed' | 'voided' };

/** Raised by book_ticket (migration 5). */
const FAST_CODES = {
  changed: 'KB001',
  places: 'KB002',
  seats: 'KB003',
  keyRace: 'KB004',
  voided: 'KB005',
  /** Raised by book_ticket from migration 9 on. */
  noChildren: 'KB006',
  holds: 'KB007',
  tooMany: 'KB008',
} as const;

interface FastRow {
  ticket_version: number;
  tour_version: number;
  ticket_ids: string[] | null;
  people: number | null;
  seats: number[] | null;
  expired: string[];
  expired_users: number[];
}

/**
 * The short way for the token's own user (see above). Refusals that need the other tickets (no
 * places, seats taken, a lock wait that ran out) are thrown as bookTour throws them.
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
  let seats: number[];
  let priced: ReturnType<typeof priceBooking>;
  try {
    checkTour(tour, request, deps.now);
    seats = checkSeats(tour, request);
    priced = priceBooking(tour, request);
  } catch (error) {
    if (error instanceof HttpError) return { longWay: 'refused' };
    throw error;
  }
  const { services, price, entry } = priced;
  const userId = caller.userId;
  const ticketId = newEntityId(deps.now);
  const paymentId = deps.paymentProvider ? newEntityId(deps.now) : null;
  const checkCode = deps.ticketCode(ticketId);
  // The answer is known before the write: it is what findTicket would read back (storage/tickets.ts).
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
  };
  const body = { status_code: 200, ticket_id: ticketId, ticket };

  let row: FastRow | { replay: Stored };
  try {
    // The booking's transaction is this one statement, sent without BEGIN and COMMIT: PostgreSQL
    // runs it in a transaction of its own that commits when it returns and rolls back whole when it
    // raises. The function bounds its lock waits and joins the commit fence itself (migration 5).
    // Bookings waiting at the same time share one such statement, each rolled back alone when it
    // raises (services/booking-batch.ts).
    row = (await callBookTicket(db, [
      tour.id,
      tour.excursion_id,
      tour.date,
      tour.time,
      tour.excursion_version,
      capacityOf(tour),
      bookingLock.enabled,
      bookingGuards.expireHolds,
      bookingGuards.lockTimeout ? LOCK_TIMEOUT_MS : null,
      deps.now,
      ticketId,
      userId,
      caller.tokenVersion,
      request.adults,
      request.kids,
      request.assemblyPoint,
      JSON.stringify(services),
      price,
      entry,
      new Date(deps.now.getTime() + HOLD_MINUTES * 60_000),
      checkCode,
      paymentId,
      deps.paymentProvider ?? null,
      seats,
      idempotency?.key ?? null,
      idempotency?.method ?? null,
      idempotency?.path ?? null,
      // The request's hash rides with the stored answer; a trigger files it (migration 13).
      idempotency
        ? JSON.stringify(
            idempotency.requestHash ? { ...body, [STORED_HASH_FIELD]: idempotency.requestHash } : body,
          )
        : null,
      caller.jti ?? null,
    ])) as unknown as FastRow | { replay: Stored };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === FAST_CODES.changed) return { longWay: 'changed' };
    if (code === FAST_CODES.voided) return { longWay: 'voided' };
    if (code === FAST_CODES.places) throw new HttpError(409, BOOKING_TEXTS.notEnoughPlaces(Number(message)));
    // The unique index on live seats answers the same: only reachable without the tour lock.
    if (code === FAST_CODES.seats || code === '23505') throw new HttpError(409, BOOKING_TEXTS.seatsTaken);
    if (code === FAST_CODES.keyRace) return { lostRace: true };
    if (code === FAST_CODES.noChildren) throw new HttpError(400, BOOKING_TEXTS.noChildren);
    if (code === FAST_CODES.holds) throw new HttpError(409, BOOKING_TEXTS.tooManyHolds(Number(message)));
    if (code === FAST_CODES.tooMany) throw new HttpError(429, BOOKING_TEXTS.tooManyBookings);
    if (code === LOCK_NOT_AVAILABLE || code === DEADLOCK_DETECTED)
      throw new HttpError(409, BOOKING_TEXTS.busy);
    throw error;
  }
  if ('replay' in row) return { replay: row.replay };

  const events: ServerEvent[] = [];
  // Holds this booking found run out, announced as the sweeper announces them (rare: read after
  // the commit).
  for (const [i, id] of row.expired.entries()) {
    const gone = await findTicket(db, id);
    const owner = row.expired_users[i] as number;
    if (gone)
      events.push({
        channel: 'TICKET_UPDATE',
        userId: owner,
        data: { user_id: owner, ticket: gone.row, version: gone.version },
      });
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
  );
  return {
    result: {
      status: 200,
      body,
      events,
      ticketId,
      ...(paymentId ? { payment: { paymentId, amount: price, title: tour.title } } : {}),
    },
  };
}

/**
 * Bumps the tour (its seats changed) and reports the ticket to its owner, the tour to everyone.
 */
export async function ticketEvents(
  tx: Queryable,
  ticketId: string,
  userId: number,
  action: 'ticket_added' | 'ticket_removed' | null,
): Promise<ServerEvent[]> {
  return (await ticketChange(tx, ticketId, userId, action)).events;
}

/** ticketEvents, with the ticket it read (so a caller answering with it need not read it again). */
async function ticketChange(
  tx: Queryable,
  ticketId: string,
  userId: number,
  action: 'ticket_added' | 'ticket_removed' | null,
): Promise<{ events: ServerEvent[]; ticket: Ticket | undefined }> {
  const ticket = await findTicket(tx, ticketId);
  if (!ticket) return { events: [], ticket: undefined };
  const tour = await bumpTour(tx, ticket.row.tourID);
  const events: ServerEvent[] = [
    {
      channel: 'TICKET_UPDATE',
      userId,
      data: { user_id: userId, ticket: ticket.row, version: ticket.version },
    },
  ];
  if (action)
    events.push({ channel: 'USER_UPDATE', userId, data: { user_id: userId, action, ticket_id: ticketId } });
  if (tour)
    events.push({
      channel: 'TOUR_UPDATE',
      data: { action: 'update', tour_id: tour.row._id, tour: replicaTour(tour.row), version: tour.version },
    });
  return { events, ticket: ticket.row };
}

/**
 * Cancels tickets whose 15-minute hold ran out (of one tour, or all), freeing their seats. The tours
 * are locked first (the lock order); a tour or a ticket another transaction holds is skipped: that
 * one is booking or confirming right now, and the next sweep comes back to it.
 */
export async function expireHolds(tx: Queryable, now: Date, tourId?: string): Promise<ServerEvent[]> {
  if (!bookingGuards.expireHolds) return [];
  const tours = tourId
    ? [tourId]
    : (
        await tx.query<{ id: string }>(
          `SELECT id FROM tours WHERE id IN (
             SELECT tour_id FROM tickets WHERE status = 'to payment' AND hold_until < $1 ORDER BY hold_until LIMIT 500
           ) ORDER BY id FOR UPDATE SKIP LOCKED`,
          [now],
        )
      ).map((row) => row.id);
  if (tours.length === 0) return [];
  const rows = await tx.query<{ id: string; user_id: number }>(
    `UPDATE tickets SET status = 'cancelled', hold_until = NULL, updated_at = $1
     WHERE id IN (
       SELECT id FROM tickets WHERE status = 'to payment' AND hold_until < $1 AND tour_id = ANY($2::text[])
       ORDER BY hold_until LIMIT 500 FOR UPDATE SKIP LOCKED
     ) RETURNING id, user_id`,
    [now, tours],
  );
  if (rows.length === 0) return [];
  await tx.query('UPDATE ticket_seats SET active = false WHERE ticket_id = ANY($1::text[])', [
    rows.map((row) => row.id),
  ]);
  const events: ServerEvent[] = [];
  for (const row of rows) events.push(...(await ticketEvents(tx, row.id, row.user_id, null)));
  return events;
}

/**
 * A payment that arrived after its hold ran out: the ticket's seats (or places) come back only if
 * nobody has them now. The caller holds the tour lock.
 */
export async function retakeSeats(
  tx: Queryable,
  ticket: { id: string; tour_id: string; adults: number; kids: number },
): Promise<boolean> {
  if (bookingGuards.recheckLatePayment) {
    const [tour] = await tx.query<{ capacity: number; taken: number }>(
      `SELECT CASE WHEN e.bus_type = 'none' THEN e.max_attendants ELSE cardinality(e.available_seats) END AS capacity,
              (SELECT coalesce(sum(adults + kids), 0)::int FROM tickets
                WHERE tour_id = t.id AND status <> 'cancelled' AND id <> $2) AS taken
       FROM tours t JOIN excursions e ON e.id = t.excursion_id WHERE t.id = $1`,
      [ticket.tour_id, ticket.id],
    );
    if (!tour || tour.taken + ticket.adults + ticket.kids > tour.capacity) return false;
    const clash = await tx.query(
      `SELECT 1 FROM ticket_seats mine JOIN ticket_seats other
         ON other.tour_id = mine.tour_id AND other.seat = mine.seat AND other.active AND other.ticket_id <> mine.ticket_id
       WHERE mine.ticket_id = $1 LIMIT 1`,
      [ticket.id],
    );
    if (clash.length > 0) return false;
  }
  await tx.query('UPDATE ticket_seats SET active = true WHERE ticket_id = $1', [ticket.id]);
  return true;
}

/** PATCH /api/tickets/{id}: the owner cancels an unpaid ticket; an admin may cancel any. */
export async function changeTicketStatus(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  status: string,
): Promise<MutationResult> {
  return withBoundedLocks(tx, () => setTicketStatus(tx, principal, ticketId, status));
}

async function setTicketStatus(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  status: string,
): Promise<MutationResult> {
  // The tour first, then the ticket: the lock order of a booking and a payment.
  const [found] = await tx.query<{ tour_id: string }>('SELECT tour_id FROM tickets WHERE id = $1', [
    ticketId,
  ]);
  if (found && bookingGuards.tourFirst)
    await tx.query('SELECT id FROM tours WHERE id = $1 FOR UPDATE', [found.tour_id]);
  const [row] = await tx.query<{ user_id: number; status: string }>(
    'SELECT user_id, status FROM tickets WHERE id = $1 FOR UPDATE',
    [ticketId],
  );
  if (!row) throw new HttpError(404, BOOKING_TEXTS.ticketNotFound);
  const admin = principal.role === 'admin';
  if (row.user_id !== principal.id && !admin) throw new HttpError(403, BOOKING_TEXTS.notYourTicket);
  if (status === row.status) {
    const same = await findTicket(tx, ticketId);
    return { status: 200, body: same?.row, events: [] };
  }
  if (status === 'confirmed') throw new HttpError(409, BOOKING_TEXTS.confirmOnlyByPayment);
  if (status !== 'cancelled') throw new HttpError(409, BOOKING_TEXTS.transition(row.status, status));
  if (row.status === 'confirmed' && !admin) throw new HttpError(403, BOOKING_TEXTS.cannotCancelPaid);
  if (row.status !== 'to payment' && row.status !== 'confirmed')
    throw new HttpError(409, BOOKING_TEXTS.transition(row.status, status));

  await tx.query(
    `UPDATE tickets SET status = 'cancelled', hold_until = NULL, updated_at = now() WHERE id = $1`,
    [ticketId],
  );
  await tx.query('UPDATE ticket_seats SET active = false WHERE ticket_id = $1', [ticketId]);
  const events = await ticketEvents(tx, ticketId, row.user_id, 'ticket_removed');
  const ticket = await findTicket(tx, ticketId);
  return { status: 200, body: ticket?.row, events };
}
