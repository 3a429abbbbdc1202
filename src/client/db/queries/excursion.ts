import { nearestTour, upcomingTours } from '../../../domain/availability';
import { crimeaToday } from '../../../domain/dates';
import type { EntityId, ReplicaExcursion, Place, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible, visibleRow } from './rows';
import { excursionToursFrom } from './tours';

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
  return db.transaction('r', db.excursions, db.tourGroups, db.places, async () => {
    const found = visibleRow(await db.excursions.get(id));
    if (!found) return null;
    const similarIds = found.similarExcursionIDs.filter((similarId) => similarId !== id);
    const [tours, place, similar] = await Promise.all([
      excursionToursFrom(db, id, crimeaToday(now)),
      db.places.get(found.place),
      db.excursions.bulkGet(similarIds),
    ]);
    return {
      excursion: found,
      upcomingTours: upcomingTours(tours, id, now),
      nearestTour: nearestTour(tours, id, now),
      place: visibleRow(place) ?? null,
      similar: visible(similar),
    };
  });
}
