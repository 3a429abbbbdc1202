import type { ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible } from './rows';
import { compareTours } from './tours';
import { TOUR_TABLES } from '../tour-groups';

// The schedule (SPEC §2): the days from today that have tours, then each shown day's tours.

export interface TourWithExcursion {
  tour: ReplicaTour;
  excursion: ReplicaExcursion;
}

/**
 * The days from `today` that have at least one visible tour, in calendar order: the distinct keys of
 * the tour store's day index, which holds only days of tours not deleted locally. Reads no tour.
 */
export async function scheduleDays(db: ReplicaDb, today: string): Promise<string[]> {
  return db.tours.daysFrom(today);
}

/** The day's tours with their excursions, by time; a tour whose excursion is gone is left out. */
export async function toursOnDay(db: ReplicaDb, date: string): Promise<TourWithExcursion[]> {
  return db.transaction('r', [...TOUR_TABLES, 'excursions'], async () => {
    const tours = visible(await db.tours.onDate(date)).sort(compareTours);
    const ids = [...new Set(tours.map((tour) => tour.excursionID))];
    const excursions = new Map(visible(await db.excursions.bulkGet(ids)).map((e) => [e._id, e]));
    return tours.flatMap((tour) => {
      const excursion = excursions.get(tour.excursionID);
      return excursion ? [{ tour, excursion }] : [];
    });
  });
}
