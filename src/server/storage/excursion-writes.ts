import { DEFAULT_FREE_CANCEL_HOURS } from '../../domain/cancellation';
import type { BusType } from '../../domain/types';
import type { CreateExcursionPayload, UpdateExcursionPayload } from '../../protocol/excursions';
import { EXCURSION_SELECT, type ExcursionRow } from './catalogue';
import type { Queryable } from './db';

// A seller's excursions as services/excursions.ts writes them, and the admin's moderation.

/** The excursion's media file ids, stored by the route before the write. */
export interface ExcursionMedia {
  images: string[];
  gallery: string[];
  video: string;
}

/** The stored seat layout (services/excursions.ts seatPlan). */
export interface SeatPlan {
  busType: BusType;
  numberOfRows: number;
  availableSeats: number[];
  reservedSeats: number[];
  maxAttendants: number;
}

export type ExcursionFields = CreateExcursionPayload | UpdateExcursionPayload;

const COLUMNS = [
  'title',
  'description',
  'city',
  'place_id',
  'category',
  'adult_price',
  'kid_price',
  'adult_init_price',
  'kid_init_price',
  'adult_entry_price',
  'kid_entry_price',
  'entry_tickets',
  'services',
  'max_attendants',
  'bus_type',
  'number_of_rows',
  'available_seats',
  'reserved_seats',
  'duration',
  'lunch_duration',
  'difficulty',
  'children_allowed',
  'directions',
  'assembly_points',
  'included',
  'not_included',
  'images',
  'gallery',
  'video',
  'similar_ids',
  'free_cancel_hours',
] as const;

/**
 * The columns a form may leave out: null keeps the stored value on an edit and takes this default on a
 * new excursion.
 */
const DEFAULT_WHEN_NULL: Partial<Record<(typeof COLUMNS)[number], number>> = {
  free_cancel_hours: DEFAULT_FREE_CANCEL_HOURS,
};

const insertValue = (column: (typeof COLUMNS)[number], n: number) => {
  const fallback = DEFAULT_WHEN_NULL[column];
  return fallback === undefined ? `$${n}` : `coalesce($${n}::int, ${fallback})`;
};

function columnValues(fields: ExcursionFields, plan: SeatPlan, media: ExcursionMedia): unknown[] {
  return [
    fields.title,
    fields.description,
    fields.city,
    fields.place,
    fields.category,
    fields.adultPrice,
    fields.kidPrice,
    fields.adultInitPrice,
    fields.kidInitPrice,
    fields.adultEntryPrice,
    fields.kidEntryPrice,
    fields.entryTickets,
    JSON.stringify(fields.services),
    plan.maxAttendants,
    plan.busType,
    plan.numberOfRows,
    plan.availableSeats,
    plan.reservedSeats,
    fields.duration,
    fields.lunchDuration,
    fields.difficulty,
    fields.childrenAllowed,
    JSON.stringify(fields.directions),
    JSON.stringify(fields.assemblyPoints),
    JSON.stringify(fields.included),
    JSON.stringify(fields.notIncluded),
    media.images,
    media.gallery,
    media.video,
    fields.similarExcursionIDs,
    fields.freeCancelHours ?? null,
  ];
}

export async function placeExists(tx: Queryable, place: number): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM places WHERE id = $1', [place]);
  return rows.length > 0;
}

export async function userExists(tx: Queryable, id: number): Promise<boolean> {
  const owner = await tx.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return owner.length > 0;
}

/** The excursion as the catalogue reads it, its tours counted from `today`. */
export async function readExcursion(
  tx: Queryable,
  id: string,
  today: string,
): Promise<ExcursionRow | undefined> {
  return (await tx.query<ExcursionRow>(`${EXCURSION_SELECT} WHERE e.id = $2`, [today, id]))[0];
}

/**
 * A new excursion starts with popularity 0 and no bestseller mark (SPEC §4 "Add excursion");
 * `submittedAt` places a pending one in the moderation queue.
 */
export async function insertExcursion(
  tx: Queryable,
  row: { id: string; ownerId: number; status: string; submittedAt: Date },
  fields: ExcursionFields,
  plan: SeatPlan,
  media: ExcursionMedia,
): Promise<void> {
  const values = columnValues(fields, plan, media);
  const placeholders = COLUMNS.map((column, i) => insertValue(column, i + 6)).join(', ');
  await tx.query(
    `INSERT INTO excursions (id, owner_id, status, popularity, submitted_at, bestseller, ${COLUMNS.join(', ')})
     VALUES ($1, $2, $3, $4, $5, false, ${placeholders})`,
    [row.id, row.ownerId, row.status, 0, row.submittedAt.toISOString(), ...values],
  );
}

export async function insertTour(
  tx: Queryable,
  id: string,
  excursionId: string,
  slot: { date: string; time: string },
): Promise<void> {
  await tx.query('INSERT INTO tours (id, excursion_id, date, time) VALUES ($1, $2, $3, $4)', [
    id,
    excursionId,
    slot.date,
    slot.time,
  ]);
}

/** The excursion's video file id; '' when it has none or does not exist. */
export async function excursionVideo(tx: Queryable, id: string): Promise<string> {
  const [row] = await tx.query<{ video: string }>('SELECT video FROM excursions WHERE id = $1', [id]);
  return row?.video ?? '';
}

export interface EditedExcursion {
  owner_id: number;
  status: string;
  images: string[];
  gallery: string[];
}

/** The excursion's owner, status and photos, its row locked for the edit. */
export async function lockExcursion(tx: Queryable, id: string): Promise<EditedExcursion | undefined> {
  const [row] = await tx.query<EditedExcursion>(
    'SELECT owner_id, status, images, gallery FROM excursions WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row;
}

/**
 * Writes every column of the form. `shop` (popularity and the bestseller mark, null keeping the
 * value) is written only when given: the caller passes it for an admin's edit alone.
 */
export async function updateExcursionColumns(
  tx: Queryable,
  id: string,
  fields: ExcursionFields,
  plan: SeatPlan,
  media: ExcursionMedia,
  shop: { popularity: number | null; bestseller: boolean | null } | null,
): Promise<void> {
  const values = columnValues(fields, plan, media);
  const sets = COLUMNS.map((column, i) =>
    DEFAULT_WHEN_NULL[column] === undefined
      ? `${column} = $${i + 2}`
      : `${column} = coalesce($${i + 2}::int, ${column})`,
  ).join(', ');
  const extra = shop
    ? `, popularity = coalesce($${COLUMNS.length + 2}, popularity), bestseller = coalesce($${COLUMNS.length + 3}, bestseller)`
    : '';
  await tx.query(`UPDATE excursions SET ${sets}${extra} WHERE id = $1`, [
    id,
    ...values,
    ...(shop ? [shop.popularity, shop.bestseller] : []),
  ]);
}

/** Gives the excursion's tours from `today` on a new version; their ids. */
export async function touchToursFrom(tx: Queryable, excursionId: string, today: string): Promise<string[]> {
  const tours = await tx.query<{ id: string }>(
    'UPDATE tours SET version = 0 WHERE excursion_id = $1 AND date >= $2::date RETURNING id',
    [excursionId, today],
  );
  return tours.map((tour) => tour.id);
}

/** Gives every tour of the excursion a new version. */
export async function touchTours(tx: Queryable, excursionId: string): Promise<void> {
  await tx.query('UPDATE tours SET version = 0 WHERE excursion_id = $1', [excursionId]);
}

/** Per tour of the excursion from `today` on: its date, sold seats and people booked. */
export async function soldPerTour(
  tx: Queryable,
  excursionId: string,
  today: string,
): Promise<{ date: string; seats: number[] | null; people: number }[]> {
  return tx.query<{ date: string; seats: number[] | null; people: number }>(
    `SELECT t.date,
            (SELECT array_agg(s.seat) FROM ticket_seats s WHERE s.tour_id = t.id AND s.active) AS seats,
            (SELECT coalesce(sum(k.adults + k.kids), 0)::int FROM tickets k
              WHERE k.tour_id = t.id AND k.status <> 'cancelled') AS people
     FROM tours t WHERE t.excursion_id = $1 AND t.date >= $2::date`,
    [excursionId, today],
  );
}

/** Publishes an excursion not published yet; false when there was none to publish. */
export async function markPublished(tx: Queryable, id: string): Promise<boolean> {
  const updated = await tx.query<{ id: string }>(
    `UPDATE excursions SET status = 'published', rejection_reason = '' WHERE id = $1 AND status <> 'published' RETURNING id`,
    [id],
  );
  return updated.length > 0;
}

/** Refuses a pending excursion with its reason; false when none was pending. */
export async function markRejected(tx: Queryable, id: string, reason: string): Promise<boolean> {
  const updated = await tx.query<{ id: string }>(
    `UPDATE excursions SET status = 'rejected', rejection_reason = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, reason],
  );
  return updated.length > 0;
}

/** Writes only the seat plan: a seller's edit of a published excursion applies it at once. */
export async function updateSeatPlan(tx: Queryable, id: string, plan: SeatPlan): Promise<void> {
  await tx.query(
    `UPDATE excursions SET bus_type = $2, number_of_rows = $3, available_seats = $4, reserved_seats = $5,
       max_attendants = $6 WHERE id = $1`,
    [id, plan.busType, plan.numberOfRows, plan.availableSeats, plan.reservedSeats, plan.maxAttendants],
  );
}

/** The live excursion's seat plan, as the stored row has it. */
export const seatPlanOfRow = (row: ExcursionRow): SeatPlan => ({
  busType: row.bus_type as BusType,
  numberOfRows: row.number_of_rows,
  availableSeats: row.available_seats,
  reservedSeats: row.reserved_seats,
  maxAttendants: row.max_attendants,
});
