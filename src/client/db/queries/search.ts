import { isSearchActive, search, type SearchResults, type SearchSources } from '../../../domain/search';
import type { City, ReplicaExcursion, Place } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { popularFirst } from './catalogue';
import { visible } from './rows';

// The search box (SPEC §2, §5). The sources are read once when the query reaches 3 characters and each
// keystroke after that searches them in memory, so typing never waits on IndexedDB.

export type CatalogueSources = SearchSources<ReplicaExcursion, Place, City>;
export type CatalogueResults = SearchResults<ReplicaExcursion, Place, City>;

/** Everything the box searches: excursions most popular first (so are their matches), places, cities. */
export async function searchSources(db: ReplicaDb): Promise<CatalogueSources> {
  return db.transaction('r', db.excursions, db.places, db.cities, async () => {
    const [excursions, places, cities] = await Promise.all([
      db.excursions.toArray(),
      db.places.toArray(),
      db.cities.toArray(),
    ]);
    return {
      excursions: popularFirst(visible(excursions)),
      places: visible(places),
      cities: visible(cities),
    };
  });
}

/** The grouped matches; all groups empty, without reading anything, under 3 characters. */
export async function searchAll(db: ReplicaDb, query: string): Promise<CatalogueResults> {
  if (!isSearchActive(query)) return { excursions: [], places: [], cities: [] };
  return search(await searchSources(db), query);
}
