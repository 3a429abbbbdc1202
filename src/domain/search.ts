// The search box (SPEC §2, §4, §5): opens at 3 characters, matches case-insensitively on excursion
// titles and on place and city names, results grouped by kind.

import type { City, ReplicaExcursion, Place } from './types';

export const SEARCH_MIN_LENGTH = 3;

export type SearchStatus = 'idle' | 'results' | 'empty';

export interface SearchSources<
  E extends Pick<ReplicaExcursion, 'title'>,
  P extends Pick<Place, 'name'>,
  C extends Pick<City, 'name'>,
> {
  excursions: readonly E[];
  places: readonly P[];
  cities: readonly C[];
}

export interface SearchResults<E, P, C> {
  excursions: E[];
  places: P[];
  cities: C[];
}

/**
 * Lower case in the Russian locale, ё read as е (people rarely type ё), and runs of whitespace as one
 * space, so 'Ласточкино  гнездо' finds 'Ласточкино гнездо'.
 */
export function normaliseForSearch(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Leading and trailing spaces do not count towards the 3 characters. */
export function isSearchActive(query: string): boolean {
  return [...normaliseForSearch(query)].length >= SEARCH_MIN_LENGTH;
}

export function matchesQuery(text: string, query: string): boolean {
  return normaliseForSearch(text).includes(normaliseForSearch(query));
}

/** The grouped matches; all groups are empty while the query is under the threshold. */
export function search<
  E extends Pick<ReplicaExcursion, 'title'>,
  P extends Pick<Place, 'name'>,
  C extends Pick<City, 'name'>,
>(sources: SearchSources<E, P, C>, query: string): SearchResults<E, P, C> {
  if (!isSearchActive(query)) return { excursions: [], places: [], cities: [] };
  const needle = normaliseForSearch(query);
  const has = (text: string): boolean => normaliseForSearch(text).includes(needle);
  return {
    excursions: sources.excursions.filter((e) => has(e.title)),
    places: sources.places.filter((p) => has(p.name)),
    cities: sources.cities.filter((c) => has(c.name)),
  };
}

/** Idle under 3 characters, otherwise results or 'По вашему запросу ничего не найдено'. */
export function searchStatus(query: string, results: SearchResults<unknown, unknown, unknown>): SearchStatus {
  if (!isSearchActive(query)) return 'idle';
  const total = results.excursions.length + results.places.length + results.cities.length;
  return total > 0 ? 'results' : 'empty';
}
