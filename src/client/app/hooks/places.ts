import { useLiveQuery } from './live-query';
import type { City, Place } from '../../../domain/types';
import { cities, city, place, places, type CityView, type PlaceView } from '../../db/queries/places';
import { useFirstScreenAnswer } from './first-screen-data';
import { useItemLiveQuery } from './live';
import { useNow } from './now';
import { useReplica } from './replica';

export function usePlaces(): Place[] | undefined {
  const db = useReplica();
  const live = useLiveQuery(() => places(db), [db]);
  return useFirstScreenAnswer((data) => data.places, live);
}

/** The place page's data; null for 'place not found' once synced (undefined until then). */
export function usePlace(id: number): PlaceView | null | undefined {
  const db = useReplica();
  const now = useNow();
  return useItemLiveQuery(db, String(id), () => place(db, id, now), [db, id, now]);
}

export function useCities(): City[] | undefined {
  const db = useReplica();
  const live = useLiveQuery(() => cities(db), [db]);
  return useFirstScreenAnswer((data) => data.cities, live);
}

/** The city page's data; null for 'city not found' once synced (undefined until then). */
export function useCity(id: number): CityView | null | undefined {
  const db = useReplica();
  return useItemLiveQuery(db, String(id), () => city(db, id), [db, id]);
}
