import type { ReplicaExcursion, Place } from '../../../../domain/types';

/**
 * 'Похожие места': first the places other excursions of the same city go to (one trip can combine
 * them), then the following places in catalogue order, wrapping round, up to `limit`.
 */
export function similarPlaces(
  places: readonly Place[],
  current: number,
  sameCity: readonly ReplicaExcursion[],
  limit = 6,
): Place[] {
  const byId = new Map(places.map((place) => [place.id, place]));
  const chosen = new Map<number, Place>();
  for (const excursion of sameCity) {
    const place = byId.get(excursion.place);
    if (place && place.id !== current) chosen.set(place.id, place);
  }
  const start = places.findIndex((place) => place.id === current);
  for (let step = 1; step < places.length && chosen.size < limit; step++) {
    const place = places[(start + step) % places.length];
    if (place && place.id !== current) chosen.set(place.id, place);
  }
  return [...chosen.values()].slice(0, limit);
}
