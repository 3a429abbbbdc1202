import { crimeaToday, tourDateTimeKey } from '../../../domain/dates';
import { nearestToursByExcursion } from '../../../domain/availability';
import type { EntityId, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible } from './rows';

// Tour reads go through the tour store (db.tours, one record per excursion): one excursion's tours are
// one record; upcoming tours are every record's tours from today.

/**
 * An instant before every tour: the nearest-tour rule with this "now" simply picks each excursion's
 * earliest tour (with the domain's own tie-break), which is what a list over future days needs.
 */
export const EPOCH = new Date(0);

/** Date, then time (a stray '9:00' still before '10:00'), then _id: the order upcomingTours uses. */
export function compareTours(a: ReplicaTour, b: ReplicaTour): number {
  const ka = tourDateTimeKey(a.date, a.time);
  const kb = tourDateTimeKey(b.date, b.time);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** Every visible tour dated `today` or later, in no particular order. */
export async function toursFrom(db: ReplicaDb, today: string): Promise<ReplicaTour[]> {
  return visible(await db.tours.from(today));
}

/** One excursion's visible tours dated `today` or later, in no particular order. */
export async function excursionToursFrom(
  db: ReplicaDb,
  excursionId: EntityId,
  today: string,
): Promise<ReplicaTour[]> {
  const rows = await db.tours.ofExcursion(excursionId);
  return visible(rows.filter((tour) => tour.date >= today));
}

/** The visible tours of several excursions from `today`, in no particular order (one read). */
export async function toursOfExcursionsFrom(
  db: ReplicaDb,
  excursionIds: readonly EntityId[],
  today: string,
): Promise<ReplicaTour[]> {
  return visible((await db.tours.ofExcursions(excursionIds)).filter((tour) => tour.date >= today));
}

/** The excursion's tours from `today` (including today's earlier ones), by date and time. */
export async function toursOfExcursionFrom(
  db: ReplicaDb,
  excursionId: EntityId,
  today: string,
): Promise<ReplicaTour[]> {
  return (await excursionToursFrom(db, excursionId, today)).sort(compareTours);
}

/**
 * The only tours the nearest-tour rule can pick at any moment of `today`: all of today's (they pass one
 * by one during the day) and each excursion's earliest tour after today. nearestToursByExcursion over
 * these equals it over all `tours` for every `now` within `today`, so a live list can keep this small
 * set and re-derive its nearest dates every minute without touching 100,000 tours again.
 */
export function nearestCandidates(tours: readonly ReplicaTour[], today: string): ReplicaTour[] {
  const todays: ReplicaTour[] = [];
  const later: ReplicaTour[] = [];
  for (const tour of tours) {
    if (tour.date === today) todays.push(tour);
    else if (tour.date > today) later.push(tour);
  }
  return [...todays, ...nearestToursByExcursion(later, EPOCH).values()];
}

/** The tours the card lists need to show every excursion's nearest date today. */
export async function nearestSource(db: ReplicaDb, today: string): Promise<ReplicaTour[]> {
  return nearestCandidates(await toursFrom(db, today), today);
}

/** Each excursion's nearest tour from `now` (cards show its date, or 'Нет доступных дат'). */
export async function nearestToursMap(db: ReplicaDb, now: Date): Promise<Map<EntityId, ReplicaTour>> {
  return nearestToursByExcursion(await nearestSource(db, crimeaToday(now)), now);
}
