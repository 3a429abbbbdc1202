import { formatDisplayDate } from '../../domain/dates';
import type { Tour } from '../../domain/types';
import type { CreateToursRequest, RefusedTour } from '../../protocol/tours';
import { replicaTour } from '../../protocol/sync';
import type { ServerEvent } from '../realtime/events';
import { findTour } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import {
  countDeletedTours,
  deleteToursById,
  excursionOwners,
  insertTourSlot,
  lockTours,
  publishedAmong,
  toursWithTickets,
} from '../storage/tours';
import type { Principal } from '../storage/users';
import { ServiceError } from './errors';
import { newEntityId } from './ids';
import type { MutationResult } from './mutation';

// A seller's schedule writes (SPEC §7 POST/DELETE /api/tours). Errors use the `message` field, as the
// spec says for tours. A refused caller changes nothing; a batch's past dates are listed as refused
// while its other tours are created, so a queued batch never loses its valid tours to one bad date.

export const TOUR_TEXTS = {
  excursionNotFound: 'Экскурсия не найдена',
  notOwner: 'Можно менять расписание только своих экскурсий',
  sellersOnly: 'Менять расписание могут только продавцы',
  past: (date: string) => `Нельзя добавить тур на прошедшую дату: ${formatDisplayDate(date)}`,
  tourNotFound: 'Тур не найден',
  soldTickets: (date: string, time: string) =>
    `Нельзя удалить тур ${date} в ${time}: на него уже проданы билеты`,
} as const;

async function assertCanSchedule(tx: Queryable, principal: Principal, excursionIds: string[]): Promise<void> {
  const owners = await excursionOwners(tx, excursionIds);
  if (owners.length !== excursionIds.length)
    throw new ServiceError('notFound', TOUR_TEXTS.excursionNotFound, 'message');
  // SPEC §6: the schedule needs ownership, admins included ("not the schedule page, which needs
  // ownership"), and a role that schedules at all: a seller demoted to user keeps their excursions
  // but schedules none of them.
  if (principal.role === 'user') throw new ServiceError('forbidden', TOUR_TEXTS.sellersOnly, 'message');
  if (owners.some((row) => row.owner_id !== principal.id)) {
    throw new ServiceError('forbidden', TOUR_TEXTS.notOwner, 'message');
  }
}

export async function createTours(
  tx: Queryable,
  principal: Principal,
  request: CreateToursRequest,
  today: string,
): Promise<MutationResult> {
  const excursionIds = [...new Set(request.tours.map((tour) => tour.excursionID))];
  await assertCanSchedule(tx, principal, excursionIds);

  const created: Tour[] = [];
  const refused: RefusedTour[] = [];
  const events: ServerEvent[] = [];
  for (const slot of request.tours) {
    if (slot.date < today) {
      refused.push({ ...slot, message: TOUR_TEXTS.past(slot.date) });
      continue;
    }
    // An existing slot is answered as it is: the same tour added twice (two devices) is one tour.
    const row = await insertTourSlot(tx, newEntityId(), slot);
    if (!row) continue;
    const tour = await findTour(tx, row.id);
    if (!tour) continue;
    created.push(tour.row);
    if (row.inserted) {
      events.push({
        channel: 'TOUR_UPDATE',
        data: { action: 'create', tour_id: tour.row._id, tour: replicaTour(tour.row), version: tour.version },
      });
    }
  }
  const body = refused.length > 0 ? { tours: created, refused } : { tours: created };
  return { status: 200, body, events: await onlyPublic(tx, events) };
}

export async function deleteTours(
  tx: Queryable,
  principal: Principal,
  tourIds: string[],
): Promise<MutationResult> {
  // Lock the tours first: a booking locks the same row, so a sale cannot slip in between the check
  // for sold tickets and the delete.
  const tours = await lockTours(tx, tourIds);
  const found = new Set(tours.map((tour) => tour.id));
  const missing = tourIds.filter((id) => !found.has(id));
  if (missing.length > 0) {
    // A tour already deleted (its tombstone is there) is not an error: a replay must not fail.
    if ((await countDeletedTours(tx, missing)) !== missing.length)
      throw new ServiceError('notFound', TOUR_TEXTS.tourNotFound, 'message');
  }
  const excursionIds = [...new Set(tours.map((tour) => tour.excursion_id))];
  if (excursionIds.length > 0) await assertCanSchedule(tx, principal, excursionIds);

  const sold = await toursWithTickets(tx, [...found]);
  const soldTour = tours.find((tour) => sold.includes(tour.id));
  if (soldTour)
    throw new ServiceError('conflict', TOUR_TEXTS.soldTickets(soldTour.date, soldTour.time), 'message');

  if (tours.length > 0) await deleteToursById(tx, [...found]);
  const events: ServerEvent[] = tours.map((tour) => ({
    channel: 'TOUR_UPDATE',
    data: { action: 'delete', tour_id: tour.id },
  }));
  return { status: 200, body: { tour_ids: tourIds }, events: await onlyPublic(tx, events, tours) };
}

/**
 * Tours of an excursion waiting for moderation are not public: their announcements are dropped (the
 * seller's own replica learns of them from its pull). `known` maps deleted tours to their excursion.
 */
async function onlyPublic(
  tx: Queryable,
  events: ServerEvent[],
  known: { id: string; excursion_id: string }[] = [],
): Promise<ServerEvent[]> {
  const excursionOf = (event: ServerEvent): string | undefined =>
    event.channel === 'TOUR_UPDATE'
      ? (event.data.tour?.excursionID ?? known.find((tour) => tour.id === event.data.tour_id)?.excursion_id)
      : undefined;
  const ids = [...new Set(events.flatMap((event) => excursionOf(event) ?? []))];
  if (ids.length === 0) return events;
  const published = await publishedAmong(tx, ids);
  return events.filter((event) => {
    const id = excursionOf(event);
    return id === undefined || published.has(id);
  });
}
