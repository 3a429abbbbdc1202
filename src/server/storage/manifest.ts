import { addDays } from '../../domain/dates';
import type { ManifestEntry, TicketService } from '../../domain/types';
import type { Versioned } from './catalogue';
import type { Queryable } from './db';
import { TICKET_SLOT } from './tickets';

// The passenger manifest: the bookings on the departures of a seller's excursions (every excursion's
// for an admin), with the buyers' contact data. Each pull reads it in one query. A seller's goes from
// their excursions to their tours (from yesterday on, for a full pull) and to each tour's tickets in
// the version range (tickets_tour_all), and adds the tickets of their departures cancelled since (the
// tour rows are gone; the ticket keeps its slot in tour_slot, tickets_slot_excursion). An admin's
// change pull walks tickets_version; their full pull starts from the tours from yesterday on.

interface ManifestRow {
  id: string;
  tour_id: string;
  excursion_id: string;
  date: string;
  time: string;
  name: string;
  surname: string;
  phone: string;
  email: string;
  adults: number;
  kids: number;
  seats: number[] | null;
  assembly_point: string;
  services: TicketService[];
  status: string;
  check_code: string;
  checked_in_at: Date | null;
  cancel_reason: string | null;
  version: number;
}

/** The columns of a manifest entry, over tickets `k`, buyers `u` and the slot `m` (excursion, date, time). */
const ENTRY_COLUMNS = `
  k.id, k.tour_id, m.excursion_id, m.date, m.time, u.name, u.surname, u.phone, u.email, k.adults, k.kids,
  (SELECT array_agg(ts.seat ORDER BY ts.seat) FROM ticket_seats ts WHERE ts.ticket_id = k.id) AS seats,
  k.assembly_point, k.services, k.status, k.check_code, k.checked_in_at, k.cancel_reason, k.version`;

/**
 * Whether a user of that role (an SQL expression) reads their excursions' buyers: a seller does, an
 * admin reads every excursion's; an owner demoted to user has lost their buyers' data.
 */
const readsBuyers = (role: string) => `${role} IN ('seller', 'admin')`;

/**
 * Whose excursions `e`: any for an admin; else the caller's (`$n`, the query's last parameter, see
 * callerParam), and only while they read buyers.
 */
const ownedBy = (q: ManifestQuery, param: string) =>
  q.admin
    ? 'true'
    : `e.owner_id = ${param} AND ${readsBuyers(`(SELECT role FROM users WHERE id = ${param})`)}`;

const callerParam = (q: ManifestQuery): number[] => (q.admin ? [] : [q.userId]);

export interface ManifestQuery {
  /** The caller; an admin reads every excursion's bookings. */
  userId: number;
  admin: boolean;
  after: number;
  upTo: number;
  limit: number;
  /** Crimean today: a full pull serves departures from yesterday on. */
  today: string;
  full: boolean;
}

export async function readManifest(db: Queryable, q: ManifestQuery): Promise<Versioned<ManifestEntry>[]> {
  const rows = q.full || !q.admin ? await ownedManifest(db, q) : await changedEverywhere(db, q);
  return rows.map((row) => ({ row: toManifestEntry(row), version: row.version }));
}

/** An admin's change pull: every ticket whose version moved in (after, upTo], oldest first. */
function changedEverywhere(db: Queryable, q: ManifestQuery): Promise<ManifestRow[]> {
  return db.query<ManifestRow>(
    `SELECT ${ENTRY_COLUMNS}
     FROM tickets k ${TICKET_SLOT}
     JOIN users u ON u.id = k.user_id
     WHERE k.version > $1 AND k.version <= $2
     ORDER BY k.version LIMIT $3`,
    [q.after, q.upTo, q.limit],
  );
}

/** The first day a change pull serves: every day. */
const EVERY_DAY = '0001-01-01';

/**
 * The tickets of the caller's departures (from yesterday on, for a full pull) by version within
 * (after, upTo]: the departures that still exist through their tours, the cancelled ones through
 * their kept slot.
 */
function ownedManifest(db: Queryable, q: ManifestQuery): Promise<ManifestRow[]> {
  const owned = ownedBy(q, '$5');
  const from = q.full ? addDays(q.today, -1) : EVERY_DAY;
  const excursions = `SELECT e.id FROM excursions e WHERE ${owned}`;
  return db.query<ManifestRow>(
    `SELECT * FROM (
       SELECT ${ENTRY_COLUMNS}
       FROM tickets k
       JOIN tours t ON t.id = k.tour_id
       CROSS JOIN LATERAL (SELECT t.excursion_id, t.date::text AS date, t.time) m
       JOIN users u ON u.id = k.user_id
       WHERE k.tour_id = ANY (ARRAY(
               SELECT mine.id FROM tours mine
               WHERE mine.excursion_id IN (${excursions}) AND mine.date >= $4::text::date))
         AND k.version > $1 AND k.version <= $2
       UNION ALL
       SELECT ${ENTRY_COLUMNS}
       FROM tickets k ${TICKET_SLOT}
       JOIN users u ON u.id = k.user_id
       WHERE k.tour_slot IS NOT NULL AND t.id IS NULL AND k.tour_slot->>'date' >= $4::text
         ${q.admin ? '' : `AND k.tour_slot->>'excursionID' IN (${excursions})`}
         AND k.version > $1 AND k.version <= $2
     ) entries
     ORDER BY version LIMIT $3`,
    [q.after, q.upTo, q.limit, from, ...callerParam(q)],
  );
}

function toManifestEntry(row: ManifestRow): ManifestEntry {
  const entry: ManifestEntry = {
    _id: row.id,
    tourID: row.tour_id,
    excursionID: row.excursion_id,
    date: row.date,
    time: row.time,
    buyer: { name: row.name, surname: row.surname, phone: row.phone, email: row.email },
    adults: row.adults,
    kids: row.kids,
    seats: row.seats ?? [],
    assemblyPoint: row.assembly_point,
    services: row.services,
    status: row.status,
    checkCode: row.check_code,
  };
  if (row.checked_in_at) entry.checkedInAt = new Date(row.checked_in_at).toISOString();
  if (row.status === 'cancelled' && row.cancel_reason) entry.cancelReason = row.cancel_reason;
  return entry;
}

/** Who sells the excursion a ticket was sold on (its tour's, or its kept slot's), if anyone still does. */
export async function sellerOfTicket(db: Queryable, ticketId: string): Promise<number | null> {
  return (await sellersOfTickets(db, [ticketId])).get(ticketId) ?? null;
}

/** sellerOfTicket for many tickets at once: ticket id to seller, for those someone still sells. */
export async function sellersOfTickets(db: Queryable, ticketIds: string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ id: string; owner_id: number }>(
    `SELECT k.id, e.owner_id FROM tickets k ${TICKET_SLOT}
     JOIN excursions e ON e.id = m.excursion_id WHERE k.id = ANY($1::text[])`,
    [ticketIds],
  );
  return new Map(rows.map((row) => [row.id, row.owner_id]));
}

/** What the seller's e-mail about a ticket says: the booking, its excursion and where to send it. */
export interface SellerAlertRow {
  entry: ManifestEntry;
  title: string;
  sellerEmail: string;
  /** Paid by card, roubles. */
  price: number;
}

export async function readSellerAlert(db: Queryable, ticketId: string): Promise<SellerAlertRow | null> {
  const [row] = await db.query<
    ManifestRow & { title: string; seller_email: string; excursion_price: number }
  >(
    `SELECT ${ENTRY_COLUMNS}, e.title, s.email AS seller_email, k.excursion_price
     FROM tickets k ${TICKET_SLOT}
     JOIN excursions e ON e.id = m.excursion_id
     JOIN users s ON s.id = e.owner_id
     JOIN users u ON u.id = k.user_id
     WHERE k.id = $1 AND ${readsBuyers('s.role')}`,
    [ticketId],
  );
  return row
    ? {
        entry: toManifestEntry(row),
        title: row.title,
        sellerEmail: row.seller_email,
        price: row.excursion_price,
      }
    : null;
}

/** A ticket as the check-in judges it, locked (only the ticket: the check-in changes no seats). */
export interface BoardingRow {
  id: string;
  status: string;
  /** The excursion's seller; null when the excursion is gone. */
  owner_id: number | null;
  /** When it was booked: nobody boards before that. */
  created_at: Date;
}

export async function lockTicketForBoarding(tx: Queryable, ticketId: string): Promise<BoardingRow | null> {
  const [row] = await tx.query<BoardingRow>(
    `SELECT k.id, k.status, e.owner_id, k.created_at FROM tickets k ${TICKET_SLOT}
     LEFT JOIN excursions e ON e.id = m.excursion_id
     WHERE k.id = $1 FOR UPDATE OF k`,
    [ticketId],
  );
  return row ?? null;
}

/**
 * Records a check-in at `at` unless an earlier one is recorded already, so two guides who checked
 * the same ticket offline converge on the first time. Answers the time kept, and whether it moved.
 */
export async function recordCheckIn(
  tx: Queryable,
  ticketId: string,
  at: Date,
  byUserId: number,
): Promise<{ checkedInAt: Date; changed: boolean }> {
  const [moved] = await tx.query<{ checked_in_at: Date }>(
    `UPDATE tickets SET checked_in_at = $2, checked_in_by = $3
     WHERE id = $1 AND (checked_in_at IS NULL OR checked_in_at > $2) RETURNING checked_in_at`,
    [ticketId, at, byUserId],
  );
  if (moved) return { checkedInAt: new Date(moved.checked_in_at), changed: true };
  const [kept] = await tx.query<{ checked_in_at: Date }>('SELECT checked_in_at FROM tickets WHERE id = $1', [
    ticketId,
  ]);
  return { checkedInAt: new Date(kept?.checked_in_at ?? at), changed: false };
}
