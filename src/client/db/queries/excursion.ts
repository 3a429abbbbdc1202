import { nearestTour, upcomingTours } from '../../../domain/availability';
import { crimeaToday } from '../../../domain/dates';
import type { EntityId, ReplicaExcursion, Place, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible, visibleRow } from './rows';
import { excursionToursFrom } from './tours';
import { TOUR_TABLES } from '../tour-groups';

/** Everything the excursion page shows that lives in other rows. */
export interface ExcursionDetail {
  excursion: ReplicaExcursion;
  /** Tours from `now` onward, earliest first (the booking's tour list). */
  upcomingTours: ReplicaTour[];
  /** null: 'Нет доступных дат'. */
  nearestTour: ReplicaTour | null;
  /** null when the place is not (yet) in the replica. */
  place: Place | null;
  /** In the seller's order; missing, deleted and self references left out. */
  similar: ReplicaExcursion[];
}

/** The excursion, or undefined when it is unknown or deleted locally ('Excursion not found'). */
export async function excursion(db: ReplicaDb, id: EntityId): Promise<ReplicaExcursion | undefined> {
  return visibleRow(await db.excursions.get(id));
}

/** The excursion page's data as of `now`, or null for an unknown excursion. */
export async function excursionDetail(
  db: ReplicaDb,
  id: EntityId,
  now: Date,
): Promise<ExcursionDetail | null> {
  return db.transaction('r', ['excursions', ...TOUR_TABLES, 'places'], async () => {
    const found = visibleRow(await db.excursions.get(id));
    if (!found) return null;
    const [tours, place, similar] = await Promise.all([
      excursionToursFrom(db, id, crimeaToday(now)),
      db.places.get(found.place),
      db.excursions.bulkGet(similarIdsOf(found)),
    ]);
    return detailOf(found, tours, visibleRow(place), visible(similar), now);
  });
}

/** The ids of the excursions shown as similar to `found`, in the seller's order. */
export function similarIdsOf(found: ReplicaExcursion): EntityId[] {
  return found.similarExcursionIDs.filter((similarId) => similarId !== found._id);
}

/**
 * The page's data from the visible rows read for it: `tours` are the excursion's (any day: earlier
 * days are left out here), `similar` the rows of similarIdsOf that exist.
 */
export function detailOf(
  found: ReplicaExcursion,
  tours: readonly ReplicaTour[],
  place: Place | undefined,
  similar: ReplicaExcursion[],
  now: Date,
): ExcursionDetail {
  const today = crimeaToday(now);
  const current = tours.filter((tour) => tour.date >= today);
  return {
    excursion: found,
    upcomingTours: upcomingTours(current, found._id, now),
    nearestTour: nearestTour(current, found._id, now),
    place: place ?? null,
    similar,
  };
}
