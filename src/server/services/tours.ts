import type { Tour } from '../../domain/types';
import type { CreateToursRequest } from '../../protocol/tours';
import { HttpError } from '../http/errors';
import type { MutationResult } from '../http/idempotency';
import type { ServerEvent } from '../realtime/events';
import { findTour } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import type { Principal } from '../storage/users';
import { newEntityId } from './ids';
import { replicaTour } from '../../protocol/sync';

// A seller's schedule writes (SPEC §7 POST/DELETE /api/tours). Errors use the `message` field, as the
// spec says for tours. Each call is all-or-nothing.

export const TOUR_TEXTS = {
  excursionNotFound: 'Экскурсия не найдена',
  notOwner: 'Можно менять расписание только своих экскурсий',
  sellersOnly: 'Менять расписание могут только продавцы',
  past: 'Нельзя добавить тур на прошедшую дату',
  tourNotFound: 'Тур не найден',
  soldTickets: (date: string, time: string) =>
    `Нельзя удалить тур ${date} в ${time}: на него уже проданы билеты`,
} as const;

async function assertCanSchedule(tx: Queryable, principal: Principal, excursionIds: string[]): Promise<void> {
  const owners = await tx.query<{ id: string; owner_id: number }>(
    'SELECT id, owner_id FROM excursions WHERE id = ANY($1::text[])',
    [excursionIds],
  );
  if (owners.length !== excursionIds.length)
    throw new HttpError(404, TOUR_TEXTS.excursionNotFound, 'message');
  // SPEC §6: the schedule needs ownership, admins included ("not the schedule page, which needs
  // ownership"), and a role that schedules at all: a seller demoted to user keeps their excursions
  // but schedules none of them.
  if (principal.role === 'user') throw new HttpError(403, TOUR_TEXTS.sellersOnly, 'message');
  if (owners.some((row) => row.owner_id !== principal.id)) {
    throw new HttpError(403, TOUR_TEXTS.notOwner, 'message');
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
  if (request.tours.some((tour) => tour.date < today)) throw new HttpError(400, TOUR_TEXTS.past, 'message');

  const created: Tour[] = [];
  const events: ServerEvent[] = [];
  for (const slot of request.tours) {
    // An existing slot is answered as it is: the same tour added twice (two devices) is one tour.
    const [row] = await tx.query<{ id: string; inserted: boolean }>(
      `WITH added AS (
         INSERT INTO tours (id, excursion_id, date, time) VALUES ($1, $2, $3, $4)
         ON CONFLICT (excursion_id, date, time) DO NOTHING RETURNING id
       )
       SELECT id, true AS inserted FROM added
       UNION ALL
       SELECT id, false FROM tours WHERE excursion_id = $2 AND date = $3 AND time = $4
       LIMIT 1`,
      [newEntityId(), slot.excursionID, slot.date, slot.time],
    );
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
  return { status: 200, body: { tours: created }, events: await onlyPublic(tx, events) };
}

export async function deleteTours(
  tx: Queryable,
  principal: Principal,
  tourIds: string[],
): Promise<MutationResult> {
  // Lock the tours first: a booking locks the same row, so a sale cannot slip in between the check
  // for sold tickets and the delete.
  const tours = await tx.query<{ id: string; excursion_id: string; date: string; time: string }>(
    'SELECT id, excursion_id, date, time FROM tours WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
    [tourIds],
  );
  const found = new Set(tours.map((tour) => tour.id));
  const missing = tourIds.filter((id) => !found.has(id));
  if (missing.length > 0) {
    // A tour already deleted (its tombstone is there) is not an error: a replay must not fail.
    const gone = await tx.query<{ id: string }>(
      `SELECT id FROM tombstones WHERE collection = 'tours' AND id = ANY($1::text[])`,
      [missing],
    );
    if (gone.length !== missing.length) throw new HttpError(404, TOUR_TEXTS.tourNotFound, 'message');
  }
  const excursionIds = [...new Set(tours.map((tour) => tour.excursion_id))];
  if (excursionIds.length > 0) await assertCanSchedule(tx, principal, excursionIds);

  const sold = await tx.query<{ tour_id: string }>(
    `SELECT DISTINCT tour_id FROM tickets WHERE tour_id = ANY($1::text[]) AND status <> 'cancelled'`,
    [[...found]],
  );
  const soldTour = tours.find((tour) => sold.some((row) => row.tour_id === tour.id));
  if (soldTour) throw new HttpError(409, TOUR_TEXTS.soldTickets(soldTour.date, soldTour.time), 'message');

  if (tours.length > 0) await tx.query('DELETE FROM tours WHERE id = ANY($1::text[])', [[...found]]);
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
  const published = new Set(
    (
      await tx.query<{ id: string }>(
        `SELECT id FROM excursions WHERE id = ANY($1::text[]) AND status = 'published'`,
        [ids],
      )
    ).map((row) => row.id),
  );
  return events.filter((event) => {
    const id = excursionOf(event);
    return id === undefined || published.has(id);
  });
}
