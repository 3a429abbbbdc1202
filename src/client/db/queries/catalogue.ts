import { nearestToursByExcursion } from '../../../domain/availability';
import { crimeaToday } from '../../../domain/dates';
import { sortExcursions, type SortKey } from '../../../domain/sorting';
import type { Category, EntityId, ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible } from './rows';
import { EPOCH, nearestCandidates, toursFrom, toursOfExcursionsFrom } from './tours';
import { TOUR_TABLES } from '../tour-groups';

// Excursion lists. A sortable list is read in two steps so a sort-tab change never touches IndexedDB:
// a live query loads a ListSource for the day (excursions plus the few tours that can be nearest), and
// arrangeList sorts it in memory for the tab and the minute.

/** What a sortable list reads from the replica for one day. */
export interface ListSource {
  excursions: ReplicaExcursion[];
  /** nearestCandidates of the excursions' tours from that day. */
  tours: ReplicaTour[];
}

/** A list ready for cards: the excursions in order and each one's nearest tour (absent: no dates). */
export interface ExcursionList {
  excursions: ReplicaExcursion[];
  nearest: ReadonlyMap<EntityId, ReplicaTour>;
}

/** The whole catalogue for `today`. */
export async function catalogueSource(db: ReplicaDb, today: string): Promise<ListSource> {
  return db.transaction('r', ['excursions', ...TOUR_TABLES], async () => {
    const [excursions, tours] = await Promise.all([db.excursions.toArray(), toursFrom(db, today)]);
    return listSource(visible(excursions), tours, today);
  });
}

/**
 * The list source of visible rows for `today` (the server's first screen builds it from its snapshot).
 * `tours` may hold any day's tours; nearestCandidates keeps the ones that matter.
 */
export function listSource(
  excursions: ReplicaExcursion[],
  tours: readonly ReplicaTour[],
  today: string,
): ListSource {
  return { excursions, tours: nearestCandidates(tours, today) };
}

/** One category's part of a whole catalogue's source: its excursions and their tours. */
export function categoryPart(source: ListSource, category: Category): ListSource {
  const excursions = source.excursions.filter((excursion) => excursion.category === category);
  const ids = new Set(excursions.map((excursion) => excursion._id));
  return { excursions, tours: source.tours.filter((tour) => ids.has(tour.excursionID)) };
}

/** One category (SPEC §4: only excursions whose category equals it), with only its own tours. */
export async function categorySource(db: ReplicaDb, category: Category, today: string): Promise<ListSource> {
  return db.transaction('r', ['excursions', ...TOUR_TABLES], async () => {
    const excursions = visible(await db.excursions.where('category').equals(category).toArray());
    const tours = await toursOfExcursionsFrom(
      db,
      excursions.map((e) => e._id),
      today,
    );
    return { excursions, tours: nearestCandidates(tours, today) };
  });
}

/**
 * Sorts a source by one of the four sorts as of `now`. In memory only: a few ms for 5,000 excursions.
 * `nearest` is the source's nearest tours as of `now` (nearestToursByExcursion), when the caller keeps
 * them between sort tabs: they depend on the day's tours and the minute, not on the tab.
 */
export function arrangeList(
  source: ListSource,
  sortKey: SortKey,
  now: Date,
  nearest: ReadonlyMap<EntityId, ReplicaTour> = nearestToursByExcursion(source.tours, now),
): ExcursionList {
  // The nearest tours alone decide the 'nearest' sort, so the sort gets those instead of all tours.
  return { excursions: sortExcursions(source.excursions, sortKey, [...nearest.values()], now), nearest };
}

/** All excursions in the order of a sort tab. */
export async function sortedExcursions(
  db: ReplicaDb,
  sortKey: SortKey,
  now: Date,
): Promise<ReplicaExcursion[]> {
  return arrangeList(await catalogueSource(db, crimeaToday(now)), sortKey, now).excursions;
}

export async function excursionsByCategory(
  db: ReplicaDb,
  category: Category,
  sortKey: SortKey,
  now: Date,
): Promise<ReplicaExcursion[]> {
  return arrangeList(await categorySource(db, category, crimeaToday(now)), sortKey, now).excursions;
}

/**
 * Lists without sort tabs (a city, a place, favourites, search) show the most popular first: the
 * domain's 'popular' sort, which needs neither tours nor a clock.
 */
export function popularFirst(excursions: readonly ReplicaExcursion[]): ReplicaExcursion[] {
  return sortExcursions(excursions, 'popular', [], EPOCH);
}

/** The excursions in a city (excursions keep the city's name, not its id), most popular first. */
export async function excursionsByCity(db: ReplicaDb, cityName: string): Promise<ReplicaExcursion[]> {
  return popularFirst(visible(await db.excursions.where('city').equals(cityName).toArray()));
}

/** The excursions to a historical place, most popular first. */
export async function excursionsByPlace(db: ReplicaDb, placeId: number): Promise<ReplicaExcursion[]> {
  return popularFirst(visible(await db.excursions.where('place').equals(placeId).toArray()));
}
