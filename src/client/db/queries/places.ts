import { crimeaToday } from '../../../domain/dates';
import { nearestToursByExcursion } from '../../../domain/availability';
import { sortExcursions } from '../../../domain/sorting';
import type { City, ReplicaExcursion, Place, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { excursionsByCity } from './catalogue';
import { visible, visibleRow } from './rows';
import { toursOfExcursionsFrom } from './tours';
import { TOUR_TABLES } from '../tour-groups';

// Historical places and destinations (SPEC §2 'Place page', 'City page', the grids).

export interface PlaceView {
  place: Place;
  /** The place's excursion with the earliest upcoming tour (or its most popular one when none has
   * dates); null when the place has no excursions ('Нет доступных экскурсий…'). */
  excursion: ReplicaExcursion | null;
  /** That excursion's nearest tour; null: 'Нет доступных дат'. */
  nearestTour: ReplicaTour | null;
}

export interface CityView {
  city: City;
  /** Most popular first. */
  excursions: ReplicaExcursion[];
}

/** All places, by id. */
export async function places(db: ReplicaDb): Promise<Place[]> {
  return visible(await db.places.toArray());
}

/** The place page's data as of `now`, or null for an unknown place ('place not found'). */
export async function place(db: ReplicaDb, id: number, now: Date): Promise<PlaceView | null> {
  return db.transaction('r', ['places', 'excursions', ...TOUR_TABLES], async () => {
    const found = visibleRow(await db.places.get(id));
    if (!found) return null;
    const excursions = visible(await db.excursions.where('place').equals(id).toArray());
    const tours = await toursOfExcursionsFrom(
      db,
      excursions.map((e) => e._id),
      crimeaToday(now),
    );
    const first = sortExcursions(excursions, 'nearest', tours, now)[0] ?? null;
    const nearest = first ? (nearestToursByExcursion(tours, now).get(first._id) ?? null) : null;
    return { place: found, excursion: first, nearestTour: nearest };
  });
}

/** All destinations, by id. */
export async function cities(db: ReplicaDb): Promise<City[]> {
  return visible(await db.cities.toArray());
}

/** The city page's data, or null for an unknown city ('city not found'). */
export async function city(db: ReplicaDb, id: number): Promise<CityView | null> {
  return db.transaction('r', ['cities', 'excursions'], async () => {
    const found = visibleRow(await db.cities.get(id));
    return found ? { city: found, excursions: await excursionsByCity(db, found.name) } : null;
  });
}
