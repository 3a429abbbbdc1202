import type { BusType, Service } from '../../domain/types';
import type { Queryable } from './db';
import { TICKET_SLOT } from './tickets';

// The booking's reads and writes. The rules that need other tickets (the account's lock and limits,
// holds that ran out, the places left, the seats taken, the writes) are book_ticket's (migrations 5,
// 9 and 11); storage/booking-batch.ts sends its calls together.

/** A tour and its excursion as a booking checks them (services/booking/rules.ts). */
export interface BookingTour {
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
  owner_id: number;
  free_cancel_hours: number;
  /** book_ticket compares it under the tour's lock: a row read before an edit is refused (KB001). */
  excursion_version: number;
}

/** What a booking reads of its tour and excursion (`t` and `e`). */
const TOUR_COLUMNS = `t.id, t.excursion_id, e.title, t.date, t.time, e.status AS excursion_status, e.bus_type,
  e.available_seats, e.reserved_seats, e.max_attendants, e.adult_price, e.kid_price, e.adult_entry_price,
  e.kid_entry_price, e.children_allowed, e.services, e.assembly_points, e.owner_id, e.free_cancel_hours,
  e.version AS excursion_version`;

/** A tour and its excursion as a booking checks them, read without locks; undefined if none. */
export async function readBookingTour(db: Queryable, tourId: string): Promise<BookingTour | undefined> {
  const [row] = await db.query<BookingTour>(
    `SELECT ${TOUR_COLUMNS} FROM tours t JOIN excursions e ON e.id = t.excursion_id WHERE t.id = $1`,
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
    `SELECT ${TOUR_COLUMNS}, o.ids AS other_ids, o.dates AS other_dates, o.times AS other_times
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

/** book_ticket's token version argument (0-based), read from the booked user's row instead. */
const TOKEN_VERSION_ARG = 12;
const BOOK_TICKET_IN = `SELECT book_ticket(${Array.from({ length: 29 }, (_, i) =>
  i < TOKEN_VERSION_ARG
    ? `$${i + 1}`
    : i === TOKEN_VERSION_ARG
      ? '(SELECT u.token_version FROM users u WHERE u.id = $12)'
      : `$${i}`,
).join(', ')}) AS r`;

/**
 * book_ticket inside a transaction the caller opened, for a booking the server makes on someone's
 * behalf (an admin's, or one whose caller was already checked): the token version compared is the
 * booked user's current one, read in the same statement. `args` are book_ticket's 29 in order
 * (storage/booking-batch.ts); the thirteenth, the token version, is ignored.
 */
export async function bookTicketIn(
  tx: Queryable,
  args: readonly unknown[],
): Promise<Record<string, unknown>> {
  const [row] = await tx.query<{ r: Record<string, unknown> }>(
    BOOK_TICKET_IN,
    args.filter((_, i) => i !== TOKEN_VERSION_ARG),
  );
  return (row as { r: Record<string, unknown> }).r;
}

/**
 * Cancels the unpaid tickets whose hold ran out (up to 500 tours and 500 tickets a call) and frees
 * their seats. Tours and tickets another transaction holds are skipped:
 * those are booking or confirming right now, and the next sweep comes back to them. The tours are
 * locked first (the lock order of services/booking.ts).
 */
export async function cancelExpiredHolds(
  tx: Queryable,
  now: Date,
): Promise<{ id: string; user_id: number }[]> {
  const tours = (
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
  if (rows.length > 0)
    await tx.query('UPDATE ticket_seats SET active = false WHERE ticket_id = ANY($1::text[])', [
      rows.map((row) => row.id),
    ]);
  return rows;
}

/**
 * Whether a cancelled ticket's places and seats are all free on its tour now (nobody else holds or
 * bought them meanwhile). The caller holds the tour lock.
 */
export async function ticketFitsAgain(
  tx: Queryable,
  ticket: { id: string; tour_id: string; adults: number; kids: number },
): Promise<boolean> {
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
  return clash.length === 0;
}

/** Makes a ticket's seats live again. */
export async function reactivateSeats(tx: Queryable, ticketId: string): Promise<void> {
  await tx.query('UPDATE ticket_seats SET active = true WHERE ticket_id = $1', [ticketId]);
}

/**
 * A ticket's owner and status, its row locked; with `tourFirst` its tour is locked before it (the
 * lock order of a booking and a payment). Undefined if there is no such ticket.
 */
export async function lockTicket(
  tx: Queryable,
  ticketId: string,
  tourFirst: boolean,
): Promise<{ user_id: number; status: string } | undefined> {
  const [found] = await tx.query<{ tour_id: string }>('SELECT tour_id FROM tickets WHERE id = $1', [
    ticketId,
  ]);
  if (found && tourFirst) await tx.query('SELECT id FROM tours WHERE id = $1 FOR UPDATE', [found.tour_id]);
  const [row] = await tx.query<{ user_id: number; status: string }>(
    'SELECT user_id, status FROM tickets WHERE id = $1 FOR UPDATE',
    [ticketId],
  );
  return row;
}

/**
 * Cancels a ticket and frees its seats. `reason` is who cancelled it; without one, a hold that ran out
 * is marked as such (migration 15).
 */
export async function cancelTicket(
  tx: Queryable,
  ticketId: string,
  reason: string | null = null,
): Promise<void> {
  await cancelTickets(tx, [ticketId], reason);
}

/** Cancels the tickets and frees their seats, all for one `reason` (see cancelTicket). */
export async function cancelTickets(
  tx: Queryable,
  ticketIds: string[],
  reason: string | null,
): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx.query(
    `UPDATE tickets SET status = 'cancelled', hold_until = NULL, cancel_reason = $2, updated_at = now()
     WHERE id = ANY($1::text[])`,
    [ticketIds, reason],
  );
  await tx.query('UPDATE ticket_seats SET active = false WHERE ticket_id = ANY($1::text[])', [ticketIds]);
}

/** The owner and title of a ticket's excursion (the guide's check); undefined if there is no such ticket. */
export async function ticketExcursion(
  db: Queryable,
  ticketId: string,
): Promise<{ owner_id: number; title: string } | undefined> {
  const [row] = await db.query<{ owner_id: number; title: string }>(
    `SELECT e.owner_id, e.title FROM tickets k ${TICKET_SLOT}
     JOIN excursions e ON e.id = m.excursion_id WHERE k.id = $1`,
    [ticketId],
  );
  return row;
}
