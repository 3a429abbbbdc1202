import type { Ticket, TicketService } from '../../domain/types';
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
}

// A ticket with its tour attached (SPEC §3 "attached after loading") and its seats, in one query.
export const TICKET_SELECT = `
  SELECT k.id, k.user_id, k.tour_id, k.adults, k.kids, k.assembly_point, k.services, k.excursion_price,
         k.entry_price, k.status, k.check_code, k.version, t.date AS tour_date, t.time AS tour_time, t.excursion_id, s.seats
  FROM tickets k
  LEFT JOIN tours t ON t.id = k.tour_id
  LEFT JOIN LATERAL (
    SELECT array_agg(ts.seat ORDER BY ts.seat) AS seats FROM ticket_seats ts WHERE ts.ticket_id = k.id
  ) s ON true`;

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
  }
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
  const rows = await db.query<TicketRow>(`${TICKET_SELECT} WHERE k.id = $1`, [id]);
  const row = rows[0];
  return row ? { row: toTicket(row), version: row.version } : null;
}

/** A user's tickets, newest first (GET /api/users/{id}/tickets). Uses the tickets_user index. */
export async function listTicketsOf(db: Queryable, userId: number, limit: number): Promise<Ticket[]> {
  const rows = await db.query<TicketRow>(
    `${TICKET_SELECT} WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toTicket);
}
