import { crimeaToday } from '../../domain/dates';
import { allSeatNumbers, hasSeatLayout, normaliseRows } from '../../domain/seats';
import type { CreateExcursionPayload, UpdateExcursionPayload } from '../../protocol/excursions';
import { replicaExcursion, replicaTour } from '../../protocol/sync';
import type { ServerEvent } from '../realtime/events';
import { findTour, toExcursion, type ExcursionRow } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import {
  insertExcursion,
  insertTour,
  lockExcursion,
  placeExists,
  readExcursion,
  soldPerTour,
  touchToursFrom,
  updateExcursionColumns,
  userExists,
  type EditedExcursion,
  type ExcursionMedia,
  type SeatPlan,
} from '../storage/excursion-writes';
import { insertModerationEvent } from '../storage/moderation';
import { readRevision } from '../storage/revisions';
import type { Principal } from '../storage/users';
import { ServiceError } from './errors';
import { newEntityId } from './ids';
import type { MutationResult } from './mutation';
import { moderationNudges } from './moderation-nudges';

export type { ExcursionMedia } from '../storage/excursion-writes';

// A seller's excursions (SPEC §7 POST/PUT /api/excursions) and their moderation. A seller's new
// excursion waits as `pending` until an admin publishes it (SPEC §1 "a manager will review the
// request"); an admin's own is published at once. Edits of a published excursion stay published; a
// seller's edit of one waits as a revision (services/excursion-revisions.ts), its seat plan aside.
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
    if (!layout.has(seat)) throw new ServiceError('invalid', EXCURSION_TEXTS.seatOutside(seat));
  const reserved = new Set(fields.reservedSeats);
  const availableSeats = all.filter((seat) => !reserved.has(seat));
  if (availableSeats.length === 0) throw new ServiceError('invalid', EXCURSION_TEXTS.noSeats);
  return {
    busType: fields.busType,
    numberOfRows: rows,
    availableSeats,
    reservedSeats: [...reserved].sort((a, b) => a - b),
    maxAttendants: availableSeats.length,
  };
}

async function assertPlace(tx: Queryable, place: number): Promise<void> {
  if (!(await placeExists(tx, place))) throw new ServiceError('invalid', EXCURSION_TEXTS.placeUnknown);
}

/** The announcement of a change: public only for a published excursion (others are not in the catalogue). */
export function announce(row: ExcursionRow, action: 'create' | 'update'): ServerEvent[] {
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
  if (principal.role === 'user') throw new ServiceError('forbidden', EXCURSION_TEXTS.sellersOnly);
  if (fields.ownerID !== principal.id && principal.role !== 'admin')
    throw new ServiceError('forbidden', EXCURSION_TEXTS.ownerMismatch);
  if (media.images.length === 0) throw new ServiceError('invalid', EXCURSION_TEXTS.noCover);
  const today = crimeaToday(now);
  if (fields.tours.some((slot) => slot.date < today)) throw new ServiceError('invalid', EXCURSION_TEXTS.past);
  await assertPlace(tx, fields.place);
  if (!(await userExists(tx, fields.ownerID)))
    throw new ServiceError('invalid', EXCURSION_TEXTS.ownerMismatch);
  const plan = seatPlan(fields);

  const id = newEntityId(now);
  const status = principal.role === 'admin' ? 'published' : 'pending';
  await insertExcursion(tx, { id, ownerId: fields.ownerID, status, submittedAt: now }, fields, plan, media);
  // A seller's excursion enters the moderation queue, and its history starts here.
  if (status === 'pending')
    await insertModerationEvent(tx, { excursionId: id, kind: 'submitted', actorId: principal.id, at: now });
  for (const slot of fields.tours) await insertTour(tx, newEntityId(now), id, slot);
  const row = (await readExcursion(tx, id, today)) as ExcursionRow;
  const events = announce(row, 'create');
  if (status === 'published') events.push(...(await tourEvents(tx, row.tour_ids ?? [])));
  else events.push(...(await moderationNudges(tx, row.owner_id)));
  return { status: 200, body: toExcursion(row), events };
}

export async function tourEvents(tx: Queryable, ids: string[]): Promise<ServerEvent[]> {
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
  const row = await lockExcursion(tx, id);
  if (!row) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  if (!mayEditExcursion(principal, row.owner_id))
    throw new ServiceError(
      'forbidden',
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
  // A seller edits a published excursion on top of their revision: its own photos may be kept too.
  if (principal.role !== 'admin' && row.status === 'published') {
    const revision = await readRevision(tx, id);
    for (const name of [...(revision?.images ?? []), ...(revision?.gallery ?? [])]) known.add(name);
  }
  if ([...kept.images, ...kept.gallery].some((name) => !known.has(name)))
    throw new ServiceError('invalid', EXCURSION_TEXTS.keptUnknown);
}

/** The checks every edit passes before anything is written: rights, cover, place and the seat plan. */
export async function prepareEdit(
  tx: Queryable,
  principal: Principal,
  id: string,
  fields: UpdateExcursionPayload,
  media: ExcursionMedia,
  now: Date,
): Promise<{ current: EditedExcursion; plan: SeatPlan }> {
  const current = await lockForEdit(tx, principal, id);
  if (media.images.length === 0) throw new ServiceError('invalid', EXCURSION_TEXTS.noCover);
  await assertPlace(tx, fields.place);
  const plan = seatPlan(fields);
  await assertKeepsSoldSeats(tx, id, plan, now);
  return { current, plan };
}

/** TOUR_UPDATE of the excursion's tours from `today` on, given a new version: their seats follow its layout. */
export async function touchedTourEvents(tx: Queryable, id: string, today: string): Promise<ServerEvent[]> {
  const tours = await touchToursFrom(tx, id, today);
  const events: ServerEvent[] = [];
  for (const tourId of tours) {
    const found = await findTour(tx, tourId);
    if (found)
      events.push({
        channel: 'TOUR_UPDATE',
        data: { action: 'update', tour_id: tourId, tour: replicaTour(found.row), version: found.version },
      });
  }
  return events;
}

/** Writes an edit into the live excursion (an admin's, or of an excursion not yet published). */
export async function applyEdit(
  tx: Queryable,
  principal: Principal,
  id: string,
  fields: UpdateExcursionPayload,
  media: ExcursionMedia,
  edit: { current: EditedExcursion; plan: SeatPlan },
  now: Date,
): Promise<MutationResult & { dropped: string[] }> {
  const { current, plan } = edit;
  const admin = principal.role === 'admin';
  // Popularity and the bestseller mark are the shop's to set: only an admin's values are taken.
  const shop =
    admin && (fields.popularity !== undefined || fields.bestseller !== undefined)
      ? { popularity: fields.popularity ?? null, bestseller: fields.bestseller ?? null }
      : null;
  await updateExcursionColumns(tx, id, fields, plan, media, shop);
  const today = crimeaToday(now);
  const row = (await readExcursion(tx, id, today)) as ExcursionRow;
  // The seats of every tour follow the new layout: their free seats changed too.
  const tourUpdates = await touchedTourEvents(tx, id, today);
  const events = announce(row, 'update');
  if (row.status === 'published') events.push(...tourUpdates);
  // A waiting revision may still show a photo the live excursion drops: that file stays.
  const revision = await readRevision(tx, id);
  const still = new Set([
    ...media.images,
    ...media.gallery,
    media.video,
    ...(revision?.images ?? []),
    ...(revision?.gallery ?? []),
  ]);
  const dropped = [...current.images, ...current.gallery].filter((name) => !still.has(name));
  return { status: 200, body: toExcursion(row), events, dropped };
}

export async function updateExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  fields: UpdateExcursionPayload,
  media: ExcursionMedia,
  now: Date,
): Promise<MutationResult & { dropped: string[] }> {
  const edit = await prepareEdit(tx, principal, id, fields, media, now);
  return applyEdit(tx, principal, id, fields, media, edit, now);
}

/** A layout change never takes away a seat already sold, nor room already sold. */
async function assertKeepsSoldSeats(tx: Queryable, id: string, plan: SeatPlan, now: Date): Promise<void> {
  const today = crimeaToday(now);
  const sold = await soldPerTour(tx, id, today);
  const forSale = new Set(plan.availableSeats);
  for (const tour of sold) {
    const date = tour.date.split('-').reverse().join('.');
    if (plan.busType === 'none') {
      if ((tour.seats?.length ?? 0) > 0) throw new ServiceError('conflict', EXCURSION_TEXTS.busTypeSold);
    } else {
      const lost = (tour.seats ?? []).find((seat) => !forSale.has(seat));
      if (lost !== undefined) throw new ServiceError('conflict', EXCURSION_TEXTS.soldSeat(lost, date));
      if (tour.people > (tour.seats?.length ?? 0))
        throw new ServiceError('conflict', EXCURSION_TEXTS.busTypeSold);
    }
    if (tour.people > plan.maxAttendants)
      throw new ServiceError('conflict', EXCURSION_TEXTS.soldPeople(tour.people, date));
  }
}
