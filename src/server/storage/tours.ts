import type { Queryable } from './db';

// The schedule's writes (services/tours.ts): tours added and deleted, and what deciding them reads.

/** The owners of those excursions that exist. */
export async function excursionOwners(
  tx: Queryable,
  excursionIds: string[],
): Promise<{ id: string; owner_id: number }[]> {
  return tx.query<{ id: string; owner_id: number }>(
    'SELECT id, owner_id FROM excursions WHERE id = ANY($1::text[])',
    [excursionIds],
  );
}

/**
 * Adds a tour unless its slot (excursion, date, time) has one: the slot's tour id, and whether it is
 * the one just added. Undefined only if the slot's tour vanished in between.
 */
export async function insertTourSlot(
  tx: Queryable,
  id: string,
  slot: { excursionID: string; date: string; time: string },
): Promise<{ id: string; inserted: boolean } | undefined> {
  const [row] = await tx.query<{ id: string; inserted: boolean }>(
    `WITH added AS (
         INSERT INTO tours (id, excursion_id, date, time) VALUES ($1, $2, $3, $4)
         ON CONFLICT (excursion_id, date, time) DO NOTHING RETURNING id
       )
       SELECT id, true AS inserted FROM added
       UNION ALL
       SELECT id, false FROM tours WHERE excursion_id = $2 AND date = $3 AND time = $4
       LIMIT 1`,
    [id, slot.excursionID, slot.date, slot.time],
  );
  return row;
}

export interface LockedTour {
  id: string;
  excursion_id: string;
  date: string;
  time: string;
}

/** The tours that exist among `tourIds`, locked in id order (a booking locks the same rows). */
export async function lockTours(tx: Queryable, tourIds: string[]): Promise<LockedTour[]> {
  return tx.query<LockedTour>(
    'SELECT id, excursion_id, date, time FROM tours WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
    [tourIds],
  );
}

/** How many of `tourIds` have a tombstone (were deleted already). */
export async function countDeletedTours(tx: Queryable, tourIds: string[]): Promise<number> {
  const gone = await tx.query<{ id: string }>(
    `SELECT id FROM tombstones WHERE collection = 'tours' AND id = ANY($1::text[])`,
    [tourIds],
  );
  return gone.length;
}

/** The tours among `tourIds` with a ticket that is not cancelled. */
export async function toursWithTickets(tx: Queryable, tourIds: string[]): Promise<string[]> {
  const sold = await tx.query<{ tour_id: string }>(
    `SELECT DISTINCT tour_id FROM tickets WHERE tour_id = ANY($1::text[]) AND status <> 'cancelled'`,
    [tourIds],
  );
  return sold.map((row) => row.tour_id);
}

export async function deleteToursById(tx: Queryable, tourIds: string[]): Promise<void> {
  await tx.query('DELETE FROM tours WHERE id = ANY($1::text[])', [tourIds]);
}

/** Those of the excursions that are published. */
export async function publishedAmong(tx: Queryable, excursionIds: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM excursions WHERE id = ANY($1::text[]) AND status = 'published'`,
    [excursionIds],
  );
  return new Set(rows.map((row) => row.id));
}

// A sold departure cancelled or moved (services/tour-operations.ts).

export interface OperatedTour extends LockedTour {
  owner_id: number;
  title: string;
}

/** The tour with its excursion's owner and title, its row locked (a booking locks the same row). */
export async function lockTourWithExcursion(
  tx: Queryable,
  tourId: string,
): Promise<OperatedTour | undefined> {
  const [row] = await tx.query<OperatedTour>(
    `SELECT t.id, t.excursion_id, t.date::text AS date, t.time, e.owner_id, e.title
     FROM tours t JOIN excursions e ON e.id = t.excursion_id WHERE t.id = $1 FOR UPDATE OF t`,
    [tourId],
  );
  return row;
}

/** A ticket a departure's change reaches, with what its buyer's e-mail tells. */
export interface LiveTicket {
  id: string;
  user_id: number;
  status: string;
  email: string;
  assembly_point: string;
  seats: number[] | null;
}

/** The tour's tickets held or paid, locked in id order, with their buyers' addresses. */
export async function lockLiveTickets(tx: Queryable, tourId: string): Promise<LiveTicket[]> {
  return tx.query<LiveTicket>(
    `SELECT k.id, k.user_id, k.status, u.email, k.assembly_point,
            (SELECT array_agg(s.seat ORDER BY s.seat) FROM ticket_seats s
              WHERE s.ticket_id = k.id AND s.active AND s.seat IS NOT NULL) AS seats
     FROM tickets k JOIN users u ON u.id = k.user_id
     WHERE k.tour_id = $1 AND k.status IN ('to payment', 'confirmed')
     ORDER BY k.id FOR UPDATE OF k`,
    [tourId],
  );
}

/**
 * Writes what the buyers are told on their tickets; `slot` keeps where and when a cancelled
 * departure would have been, once its tour row is gone.
 */
export async function setTourNotice(
  tx: Queryable,
  ticketIds: string[],
  notice: object,
  slot: { date: string; time: string; excursionID: string } | null,
): Promise<void> {
  await tx.query(
    `UPDATE tickets SET tour_notice = $2::jsonb, tour_slot = coalesce($3::jsonb, tour_slot), updated_at = now()
     WHERE id = ANY($1::text[])`,
    [ticketIds, JSON.stringify(notice), slot ? JSON.stringify(slot) : null],
  );
}

/** Gives the tour's cancelled tickets a new version, so replicas read their tour's slot again. */
export async function touchCancelledTickets(tx: Queryable, tourId: string): Promise<void> {
  await tx.query(`UPDATE tickets SET updated_at = now() WHERE tour_id = $1 AND status = 'cancelled'`, [
    tourId,
  ]);
}

/** Whether another tour of the excursion departs at that date and time. */
export async function slotTaken(
  tx: Queryable,
  tour: { id: string; excursion_id: string },
  slot: { date: string; time: string },
): Promise<boolean> {
  const rows = await tx.query(
    'SELECT 1 FROM tours WHERE excursion_id = $1 AND date = $2 AND time = $3 AND id <> $4 LIMIT 1',
    [tour.excursion_id, slot.date, slot.time, tour.id],
  );
  return rows.length > 0;
}

/** Gives the tour another date and time; its seats and tickets stay with its id. */
export async function moveTourSlot(
  tx: Queryable,
  tourId: string,
  slot: { date: string; time: string },
): Promise<void> {
  await tx.query('UPDATE tours SET date = $2, time = $3 WHERE id = $1', [tourId, slot.date, slot.time]);
}
