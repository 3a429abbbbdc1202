import { freeCancelDeadline } from '../../domain/cancellation';
import type { RefundStatus, Ticket, TicketService, TourNotice } from '../../domain/types';
import type { Queryable } from './db';
import type { Versioned } from './catalogue';

export interface TicketRow {
  id: string;
  user_id: number;
  tour_id: string;
  adults: number;
  kids: number;
  assembly_point: string;
  services: TicketService[];
  excursion_price: number;
  entry_price: number;
  status: string;
  check_code: string;
  version: number;
  tour_date: string | null;
  tour_time: string | null;
  excursion_id: string | null;
  seats: number[] | null;
  hold_until: Date | null;
  cancel_reason: string | null;
  free_cancel_hours: number;
  refund_amount: number | null;
  refund_status: RefundStatus | null;
  checked_in_at: Date | null;
  tour_notice: TourNotice | null;
}

/**
 * A ticket's departure, joined to tickets `k`: its tour `t` (none once a cancelled departure's row is
 * deleted) and `m` (excursion_id, date, time), the tour's or else the slot the ticket kept.
 */
export const TICKET_SLOT = `
  LEFT JOIN tours t ON t.id = k.tour_id
  CROSS JOIN LATERAL (
    SELECT COALESCE(t.excursion_id, k.tour_slot->>'excursionID') AS excursion_id,
           COALESCE(t.date::text, k.tour_slot->>'date') AS date,
           COALESCE(t.time, k.tour_slot->>'time') AS time
  ) m`;

// A ticket with its tour attached (SPEC §3 "attached after loading"), its seats and its refund, in
// one query. A cancelled departure's tour row is gone: its tickets keep the slot they were sold for.
export const TICKET_SELECT = `
  SELECT k.id, k.user_id, k.tour_id, k.adults, k.kids, k.assembly_point, k.services, k.excursion_price,
         k.entry_price, k.status, k.check_code, k.version, m.date AS tour_date, m.time AS tour_time,
         m.excursion_id, s.seats, k.hold_until, k.cancel_reason, k.free_cancel_hours,
         r.amount AS refund_amount, r.status AS refund_status, k.checked_in_at, k.tour_notice
  FROM tickets k ${TICKET_SLOT}
  LEFT JOIN LATERAL (
    SELECT array_agg(ts.seat ORDER BY ts.seat) AS seats FROM ticket_seats ts WHERE ts.ticket_id = k.id
  ) s ON true
  LEFT JOIN LATERAL (
    SELECT sum(amount)::int AS amount,
           CASE WHEN bool_or(status = 'failed') THEN 'failed'
                WHEN bool_or(status = 'pending') THEN 'pending' ELSE 'succeeded' END AS status
    FROM refunds WHERE ticket_id = k.id HAVING count(*) > 0
  ) r ON true`;

export function toTicket(row: TicketRow): Ticket {
  const ticket: Ticket = {
    _id: row.id,
    userID: row.user_id,
    tourID: row.tour_id,
    adults: row.adults,
    kids: row.kids,
    seats: row.seats ?? [],
    assemblyPoint: row.assembly_point,
    services: row.services,
    excursionPrice: row.excursion_price,
    entryPrice: row.entry_price,
    status: row.status,
  };
  if (row.check_code) ticket.checkCode = row.check_code;
  if (row.tour_date && row.tour_time && row.excursion_id) {
    ticket.tour = { date: row.tour_date, time: row.tour_time, excursionID: row.excursion_id };
    const deadline = freeCancelDeadline(row.tour_date, row.tour_time, row.free_cancel_hours);
    if (deadline) ticket.freeCancelUntil = deadline.toISOString();
  }
  if (row.status === 'to payment' && row.hold_until)
    ticket.holdUntil = new Date(row.hold_until).toISOString();
  if (row.status === 'cancelled' && row.cancel_reason) ticket.cancelReason = row.cancel_reason;
  if (row.refund_amount !== null && row.refund_status)
    ticket.refund = { amount: row.refund_amount, status: row.refund_status };
  if (row.checked_in_at) ticket.checkedInAt = new Date(row.checked_in_at).toISOString();
  if (row.tour_notice) ticket.tourNotice = row.tour_notice;
  return ticket;
}

/** The user's tickets changed after `minVersion` (all of them from 0), oldest change first. */
export async function listUserTickets(
  db: Queryable,
  userId: number,
  minVersion: number,
  maxVersion: number,
  limit: number,
): Promise<Versioned<Ticket>[]> {
  const rows = await db.query<TicketRow>(
    `${TICKET_SELECT} WHERE k.user_id = $1 AND k.version > $2 AND k.version <= $3 ORDER BY k.version LIMIT $4`,
    [userId, minVersion, maxVersion, limit],
  );
  return rows.map((row) => ({ row: toTicket(row), version: row.version }));
}

export async function findTicket(db: Queryable, id: string): Promise<Versioned<Ticket> | null> {
  return (await findTickets(db, [id]))[0] ?? null;
}

/** Those of the tickets that exist, in no particular order. */
export async function findTickets(db: Queryable, ids: string[]): Promise<Versioned<Ticket>[]> {
  const rows = await db.query<TicketRow>(`${TICKET_SELECT} WHERE k.id = ANY($1::text[])`, [ids]);
  return rows.map((row) => ({ row: toTicket(row), version: row.version }));
}

/** A user's tickets, newest first (GET /api/users/{id}/tickets). Uses the tickets_user index. */
export async function listTicketsOf(db: Queryable, userId: number, limit: number): Promise<Ticket[]> {
  const rows = await db.query<TicketRow>(
    `${TICKET_SELECT} WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toTicket);
}
