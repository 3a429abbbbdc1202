import { scheduleDays as daysWithTours } from '../../../domain/availability';
import type { ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { isVisible, visible } from './rows';
import { compareTours } from './tours';

// The schedule (SPEC §2): the days from today that have tours, then each shown day's tours.

export interface TourWithExcursion {
  tour: ReplicaTour;
  excursion: ReplicaExcursion;
}

/**
 * The days from `today` that have at least one visible tour, in calendar order. Hops along the date
 * index one day at a time (the first visible tour from a date, then the first after its day), so it
 * reads about one tour per day instead of every tour, and a day whose only tours were deleted locally
 * is skipped.
 */
export async function scheduleDays(db: ReplicaDb, today: string): Promise<string[]> {
  return db.transaction('r', db.tours, async () => {
    const firsts: ReplicaTour[] = [];
    let next = await db.tours.where('date').aboveOrEqual(today).filter(isVisible).first();
    while (next) {
      firsts.push(next);
      next = await db.tours.where('date').above(next.date).filter(isVisible).first();
    }
    return daysWithTours(firsts, today);
  });
}

/** The day's tours with their excursions, by time; a tour whose excursion is gone is left out. */
export async function toursOnDay(db: ReplicaDb, date: string): Promise<TourWithExcursion[]> {
  return db.transaction('r', db.tours, db.excursions, async () => {
    const tours = visible(await db.tours.where('date').equals(date).toArray()).sort(compareTours);
    const ids = [...new Set(tours.map((tour) => tour.excursionID))];
    const excursions = new Map(visible(await db.excursions.bulkGet(ids)).map((e) => [e._id, e]));
    return tours.flatMap((tour) => {
      const excursion = excursions.get(tour.excursionID);
      return excursion ? [{ tour, excursion }] : [];
    });
  });
}
