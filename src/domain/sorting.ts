// The four excursion sorts of SPEC §4. Tours are indexed by excursion in one pass and every excursion
// gets its keys once, so sorting 5,000 excursions against 100,000 tours is O(tours + n log n).
// 'Nearest' counts only tours from now onward: an excursion whose tours are all over sorts like one
// without tours, at the end.

import type { EntityId, ReplicaExcursion, ReplicaTour } from './types';
import { nearestToursByExcursion } from './availability';
import { tourDateTimeKey } from './dates';
import { cardPrice } from './pricing';
import { SORT_TAB_LABELS } from './strings';

export const SORT_KEYS = ['nearest', 'popular', 'cheaper', 'pricier'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'nearest';

export function isSortKey(value: string): value is SortKey {
  const keys: readonly string[] = SORT_KEYS;
  return keys.includes(value);
}

export function sortTabLabel(key: SortKey): string {
  return SORT_TAB_LABELS[key];
}

/** Code-unit order of two strings (the same on every machine, unlike a locale's). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Higher popularity first; a missing or non-numeric popularity counts as 0. */
function comparePopularity(a: ReplicaExcursion, b: ReplicaExcursion): number {
  return popularityOf(b) - popularityOf(a);
}

function popularityOf(excursion: ReplicaExcursion): number {
  return Number.isFinite(excursion.popularity) ? excursion.popularity : 0;
}

interface Decorated<E extends ReplicaExcursion = ReplicaExcursion> {
  excursion: E;
  /** Nearest tour key, or null for none. */
  tourKey: string | null;
  price: number;
}

function compareNearest(a: Decorated, b: Decorated): number {
  if (a.tourKey !== b.tourKey) {
    if (a.tourKey === null) return 1;
    if (b.tourKey === null) return -1;
    return compareText(a.tourKey, b.tourKey);
  }
  return 0;
}

function primaryComparator(key: SortKey): (a: Decorated, b: Decorated) => number {
  switch (key) {
    case 'nearest':
      return compareNearest;
    case 'popular':
      return () => 0;
    case 'cheaper':
      return (a, b) => a.price - b.price;
    case 'pricier':
      return (a, b) => b.price - a.price;
  }
}

/**
 * A new array in the order of the sort. Ties in the primary order fall back to popularity (highest
 * first), then to _id, so the order never depends on the input order or the engine.
 */
export function sortExcursions<E extends ReplicaExcursion>(
  excursions: readonly E[],
  key: SortKey,
  tours: readonly ReplicaTour[],
  now: Date,
): E[] {
  const nearest = key === 'nearest' ? nearestToursByExcursion(tours, now) : new Map<EntityId, ReplicaTour>();
  const decorated: Decorated<E>[] = excursions.map((excursion) => {
    const price = cardPrice(excursion);
    const tour = nearest.get(excursion._id);
    return {
      excursion,
      tourKey: tour ? tourDateTimeKey(tour.date, tour.time) : null,
      price: Number.isFinite(price) ? price : 0,
    };
  });
  const primary = primaryComparator(key);
  decorated.sort(
    (a, b) =>
      primary(a, b) ||
      comparePopularity(a.excursion, b.excursion) ||
      compareText(a.excursion._id, b.excursion._id),
  );
  return decorated.map((d) => d.excursion);
}
