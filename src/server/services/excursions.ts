import { crimeaToday } from '../../domain/dates';
import { allSeatNumbers, hasSeatLayout, normaliseRows } from '../../domain/seats';
import type { BusType } from '../../domain/types';
import type { CreateExcursionPayload, UpdateExcursionPayload } from '../../protocol/excursions';
import { HttpError } from '../http/errors';
import type { MutationResult } from '../http/idempotency';
import type { ServerEvent } from '../realtime/events';
import { EXCURSION_SELECT, findTour, toExcursion, type ExcursionRow } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import type { Principal } from '../storage/users';
import { newEntityId } from './ids';
import { replicaExcursion, replicaTour } from '../../protocol/sync';

// A seller's excursions (SPEC §7 POST/PUT /api/excursions) and their moderation. A seller's new
// excursion waits as `pending` until an admin publishes it (SPEC §1 "a manager will review the
// request"); an admin's own is published at once. Edits of a published excursion stay published.
// Media files are stored by the route before this runs; here only their ids are written.

export const EXCURSION_TEXTS = {
  badForm: 'Проверьте поля экскурсии: не все заполнены верно',
  notFound: 'Экскурсия не найдена',
  notOwner: 'Можно редактировать только свои экскурсии',
  sellersOnly: 'Добавлять экскурсии могут только продавцы',
  sellersOnlyEdit: 'Редактировать экскурсии могут только продавцы',
  ownerMismatch: 'Экскурсию можно создать только от своего имени',
  placeUnknown: 'Выберите достопримечательность из списка',
  past: 'Нельзя добавить тур на прошедшую дату',
  noCover: 'Добавьте хотя бы одну обложку',
  keptUnknown: 'Некоторые фото уже удалены: обновите страницу',
  seatOutside: (seat: number) => `Места ${seat} нет в такой схеме автобуса`,
  noSeats: 'В автобусе должно остаться хотя бы одно место для туристов',
  soldSeat: (seat: number, date: string) => `Место ${seat} уже продано на ${date}: его нельзя убрать`,
  soldPeople: (people: number, date: string) =>
    `На ${date} уже продано мест: ${people}. Вместимость не может быть меньше`,
  busTypeSold: 'На эту экскурсию уже проданы билеты с местами: тип автобуса менять нельзя',
  adminOnly: 'Проверять экскурсии может только администратор',
  notPending: 'Эта экскурсия не ждёт проверки',
  reasonRequired: 'Укажите причину отказа',
} as const;

export interface ExcursionMedia {
  images: string[];
  gallery: string[];
  video: string;
}

interface SeatPlan {
  busType: BusType;
  numberOfRows: number;
  availableSeats: number[];
  reservedSeats: number[];
  maxAttendants: number;
}

/**
 * The stored seat layout (SPEC §3, §4): for a bus, every seat of the layout that the seller did not
 * reserve is for sale and maxAttendants is their count; without a bus, the entered number.
 */
export function seatPlan(fields: SeatPlan): SeatPlan {
  if (!hasSeatLayout(fields.busType))
    return {
      busType: 'none',
      numberOfRows: 0,
      availableSeats: [],
      reservedSeats: [],
      maxAttendants: fields.maxAttendants,
    };
  const rows = normaliseRows(fields.numberOfRows);
  const all = allSeatNumbers(fields.busType, rows);
  const layout = new Set(all);
  for (const seat of [...fields.reservedSeats, ...fields.availableSeats])
    if (!layout.has(seat)) throw new HttpError(400, EXCURSION_TEXTS.seatOutside(seat));
  const reserved = new Set(fields.reservedSeats);
  const availableSeats = all.filter((seat) => !reserved.has(seat));
  if (availableSeats.length === 0) throw new HttpError(400, EXCURSION_TEXTS.noSeats);
  return {
    busType: fields.busType,
    numberOfRows: rows,
    availableSeats,
    reservedSeats: [...reserved].sort((a, b) => a - b),
    maxAttendants: availableSeats.length,
  };
}

type Fields = CreateExcursionPayload | UpdateExcursionPayload;

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
] as const;

function columnValues(fields: Fields, plan: SeatPlan, media: ExcursionMedia): unknown[] {
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
  ];
}

async function assertPlace(tx: Queryable, place: number): Promise<void> {
  const rows = await tx.query('SELECT 1 FROM places WHERE id = $1', [place]);
  if (rows.length === 0) throw new HttpError(400, EXCURSION_TEXTS.placeUnknown);
}

async function readExcursion(tx: Queryable, id: string, today: string): Promise<ExcursionRow | undefined> {
  return (await tx.query<ExcursionRow>(`${EXCURSION_SELECT} WHERE e.id = $2`, [today, id]))[0];
}

/** The announcement of a change: public only for a published excursion (others are not in the catalogue). */
function announce(row: ExcursionRow, action: 'create' | 'update'): ServerEvent[] {
  if (row.status !== 'published') return [];
  return [
    {
      channel: 'EXCURSION_UPDATE',
      data: {
        action,
        excursion_id: row.id,
        excursion: replicaExcursion(toExcursion(row)),
        version: row.version,
      },
    },
  ];
}

export async function createExcursion(
  tx: Queryable,
  principal: Principal,
  fields: CreateExcursionPayload,
  media: ExcursionMedia,
  now: Date,
): Promise<MutationResult> {
  if (principal.role === 'user') throw new HttpError(403, EXCURSION_TEXTS.sellersOnly);
  if (fields.ownerID !== principal.id && principal.role !== 'admin')
    throw new HttpError(403, EXCURSION_TEXTS.ownerMismatch);
  if (media.images.length === 0) throw new HttpError(400, EXCURSION_TEXTS.noCover);
  const today = crimeaToday(now);
  if (fields.tours.some((slot) => slot.date < today)) throw new HttpError(400, EXCURSION_TEXTS.past);
  await assertPlace(tx, fields.place);
  const owner = await tx.query('SELECT 1 FROM users WHERE id = $1', [fields.ownerID]);
  if (owner.length === 0) throw new HttpError(400, EXCURSION_TEXTS.ownerMismatch);
  const plan = seatPlan(fields);

  const id = newEntityId(now);
  const status = principal.role === 'admin' ? 'published' : 'pending';
  const values = columnValues(fields, plan, media);
  const placeholders = values.map((_, i) => `$${i + 5}`).join(', ');
  // A new excursion starts with popularity 0 and no bestseller mark (SPEC §4 "Add excursion").
  await tx.query(
    `INSERT INTO excursions (id, owner_id, status, popularity, bestseller, ${COLUMNS.join(', ')})
     VALUES ($1, $2, $3, $4, false, ${placeholders})`,
    [id, fields.ownerID, status, 0, ...values],
  );
  for (const slot of fields.tours) {
    await tx.query('INSERT INTO tours (id, excursion_id, date, time) VALUES ($1, $2, $3, $4)', [
      newEntityId(now),
      id,
      slot.date,
      slot.time,
    ]);
  }
  const row = (await readExcursion(tx, id, today)) as ExcursionRow;
  const events = announce(row, 'create');
  if (status === 'published') events.push(...(await tourEvents(tx, row.tour_ids ?? [])));
  return { status: 200, body: toExcursion(row), events };
}

async function tourEvents(tx: Queryable, ids: string[]): Promise<ServerEvent[]> {
  const events: ServerEvent[] = [];
  for (const id of ids) {
    const tour = await findTour(tx, id);
    if (tour)
      events.push({
        channel: 'TOUR_UPDATE',
        data: { action: 'create', tour_id: id, tour: replicaTour(tour.row), version: tour.version },
      });
  }
  return events;
}

/**
 * Whether the caller may edit an excursion owned by `ownerId` (SPEC §6): an admin edits any; a seller
 * only their own. Ownership alone gives no right: a seller demoted to user keeps their excursions but
 * edits none of them.
 */
export function mayEditExcursion(principal: Principal, ownerId: number): boolean {
  return principal.role === 'admin' || (principal.role === 'seller' && ownerId === principal.id);
}

/** Locks the excursion and checks the caller may edit it. */
async function lockForEdit(tx: Queryable, principal: Principal, id: string) {
  const [row] = await tx.query<{ owner_id: number; status: string; images: string[]; gallery: string[] }>(
    'SELECT owner_id, status, images, gallery FROM excursions WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw new HttpError(404, EXCURSION_TEXTS.notFound);
  if (!mayEditExcursion(principal, row.owner_id))
    throw new HttpError(
      403,
      principal.role === 'user' ? EXCURSION_TEXTS.sellersOnlyEdit : EXCURSION_TEXTS.notOwner,
    );
  return row;
}

/** Checks an edit before any file is stored: the caller may edit, and the kept photos are the excursion's. */
export async function checkEditable(
  tx: Queryable,
  principal: Principal,
  id: string,
  kept: { images: string[]; gallery: string[] },
): Promise<void> {
  const row = await lockForEdit(tx, principal, id);
  const known = new Set([...row.images, ...row.gallery]);
  if ([...kept.images, ...kept.gallery].some((name) => !known.has(name)))
    throw new HttpError(400, EXCURSION_TEXTS.keptUnknown);
}

export async function updateExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  fields: UpdateExcursionPayload,
  media: ExcursionMedia,
  now: Date,
): Promise<MutationResult & { dropped: string[] }> {
  const current = await lockForEdit(tx, principal, id);
  if (media.images.length === 0) throw new HttpError(400, EXCURSION_TEXTS.noCover);
  await assertPlace(tx, fields.place);
  const plan = seatPlan(fields);
  await assertKeepsSoldSeats(tx, id, plan, now);

  const values = columnValues(fields, plan, media);
  const sets = COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
  const admin = principal.role === 'admin';
  // Popularity and the bestseller mark are the shop's to set: only an admin's values are taken.
  const extra =
    admin && (fields.popularity !== undefined || fields.bestseller !== undefined)
      ? `, popularity = coalesce($${COLUMNS.length + 2}, popularity), bestseller = coalesce($${COLUMNS.length + 3}, bestseller)`
      : '';
  await tx.query(`UPDATE excursions SET ${sets}${extra} WHERE id = $1`, [
    id,
    ...values,
    ...(extra ? [fields.popularity ?? null, fields.bestseller ?? null] : []),
  ]);
  const today = crimeaToday(now);
  const row = (await readExcursion(tx, id, today)) as ExcursionRow;
  // The seats of every tour follow the new layout: their free seats changed too.
  const tours = await tx.query<{ id: string }>(
    'UPDATE tours SET version = 0 WHERE excursion_id = $1 AND date >= $2::date RETURNING id',
    [id, today],
  );
  const events = announce(row, 'update');
  if (row.status === 'published')
    for (const tour of tours) {
      const found = await findTour(tx, tour.id);
      if (found)
        events.push({
          channel: 'TOUR_UPDATE',
          data: { action: 'update', tour_id: tour.id, tour: replicaTour(found.row), version: found.version },
        });
    }
  const still = new Set([...media.images, ...media.gallery, media.video]);
  const dropped = [...current.images, ...current.gallery].filter((name) => !still.has(name));
  return { status: 200, body: toExcursion(row), events, dropped };
}

/** A layout change never takes away a seat already sold, nor room already sold. */
async function assertKeepsSoldSeats(tx: Queryable, id: string, plan: SeatPlan, now: Date): Promise<void> {
  const today = crimeaToday(now);
  const sold = await tx.query<{ date: string; seats: number[] | null; people: number }>(
    `SELECT t.date,
            (SELECT array_agg(s.seat) FROM ticket_seats s WHERE s.tour_id = t.id AND s.active) AS seats,
            (SELECT coalesce(sum(k.adults + k.kids), 0)::int FROM tickets k
              WHERE k.tour_id = t.id AND k.status <> 'cancelled') AS people
     FROM tours t WHERE t.excursion_id = $1 AND t.date >= $2::date`,
    [id, today],
  );
  const forSale = new Set(plan.availableSeats);
  for (const tour of sold) {
    const date = tour.date.split('-').reverse().join('.');
    if (plan.busType === 'none') {
      if ((tour.seats?.length ?? 0) > 0) throw new HttpError(409, EXCURSION_TEXTS.busTypeSold);
    } else {
      const lost = (tour.seats ?? []).find((seat) => !forSale.has(seat));
      if (lost !== undefined) throw new HttpError(409, EXCURSION_TEXTS.soldSeat(lost, date));
      if (tour.people > (tour.seats?.length ?? 0)) throw new HttpError(409, EXCURSION_TEXTS.busTypeSold);
    }
    if (tour.people > plan.maxAttendants)
      throw new HttpError(409, EXCURSION_TEXTS.soldPeople(tour.people, date));
  }
}

/** Moderation: an admin publishes a pending (or refused) excursion, which then enters the catalogue. */
export async function publishExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  now: Date,
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new HttpError(403, EXCURSION_TEXTS.adminOnly);
  const updated = await tx.query<{ id: string }>(
    `UPDATE excursions SET status = 'published', rejection_reason = '' WHERE id = $1 AND status <> 'published' RETURNING id`,
    [id],
  );
  const row = await readExcursion(tx, id, crimeaToday(now));
  if (!row) throw new HttpError(404, EXCURSION_TEXTS.notFound);
  if (updated.length === 0) throw new HttpError(409, EXCURSION_TEXTS.notPending);
  await tx.query('UPDATE tours SET version = 0 WHERE excursion_id = $1', [id]);
  const events = [...announce(row, 'create'), ...(await tourEvents(tx, row.tour_ids ?? []))];
  return { status: 200, body: toExcursion(row), events };
}

/** Moderation: an admin refuses a pending excursion with a reason its seller sees. */
export async function rejectExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  reason: string,
  now: Date,
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new HttpError(403, EXCURSION_TEXTS.adminOnly);
  if (reason.trim() === '') throw new HttpError(400, EXCURSION_TEXTS.reasonRequired);
  const updated = await tx.query<{ id: string }>(
    `UPDATE excursions SET status = 'rejected', rejection_reason = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, reason.trim()],
  );
  const row = await readExcursion(tx, id, crimeaToday(now));
  if (!row) throw new HttpError(404, EXCURSION_TEXTS.notFound);
  if (updated.length === 0) throw new HttpError(409, EXCURSION_TEXTS.notPending);
  await tx.query('UPDATE tours SET version = 0 WHERE excursion_id = $1', [id]);
  return { status: 200, body: toExcursion(row), events: [] };
}

/** The admin's moderation list: excursions waiting for review, oldest first. */
export async function pendingExcursions(tx: Queryable, now: Date) {
  const rows = await tx.query<ExcursionRow>(
    `${EXCURSION_SELECT} WHERE e.status = 'pending' ORDER BY e.created_at, e.id LIMIT 200`,
    [crimeaToday(now)],
  );
  return rows.map(toExcursion);
}
