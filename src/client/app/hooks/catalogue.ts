import { useLiveQuery } from './live-query';
import { useMemo, useState } from 'react';
import { nearestToursByExcursion } from '../../../domain/availability';
import { crimeaToday } from '../../../domain/dates';
import type { SortKey } from '../../../domain/sorting';
import type { Category, EntityId, ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import {
  arrangeList,
  catalogueSource,
  categoryPart,
  categorySource,
  excursionsByCity,
  excursionsByPlace,
  type ExcursionList,
  type ListSource,
} from '../../db/queries/catalogue';
import { listOnceSynced } from '../../db/queries/account';
import { nearestSource } from '../../db/queries/tours';
import { replicaDbApart, type ReplicaDb } from '../../db/schema';
import { useFirstScreenAnswer, useFirstScreenSnapshot } from './first-screen-data';
import { useSubjectLiveQuery } from './live';
import { useNow } from './now';
import { useReplica } from './replica';

// Sortable lists read their source once per day (and on every replica change) and sort in memory, so a
// sort-tab change or a minute tick re-sorts without reading IndexedDB.

/**
 * The source, or undefined while it is empty and the replica has not been filled once. Read in the
 * same live query as the rows, so a screen never sees "synced" before the rows of that sync (which
 * flashed 'No available excursions' on a first visit, then pushed everything below it away); read
 * again after the sync state, so a last page applied between the two reads is not missed.
 */
function settled(db: ReplicaDb, read: () => Promise<ListSource>): Promise<ListSource | undefined> {
  return listOnceSynced(db, read, (source) => source.excursions.length === 0);
}

/**
 * The catalogue read ahead of /excursions' first render (App.tsx starts it with the screen's code), so
 * that render already holds the cards instead of mounting, then asking. Taken once: a later mount
 * reads afresh, and the live query below replaces it as soon as its own read answers.
 */
let primed: { db: ReplicaDb; today: string; source: ListSource | undefined } | undefined;

/** Reads the catalogue for the screen about to open; resolves when read (or failed: the screen asks). */
export async function primeCatalogue(): Promise<void> {
  // Not in the task that evaluated Dexie's chunk (this runs right after it): see replicaDbApart.
  const db = await replicaDbApart();
  const today = crimeaToday(new Date());
  const source = await settled(db, () => catalogueSource(db, today)).catch(() => undefined);
  primed = { db, today, source };
}

function takePrimed(db: ReplicaDb, today: string): ListSource | undefined {
  const entry = primed;
  primed = undefined;
  return entry?.db === db && entry.today === today ? entry.source : undefined;
}

/** The source in the tab's order; a tab change only re-sorts (the nearest tours are kept for the minute). */
function useArranged(source: ListSource | undefined, sortKey: SortKey, now: Date): ExcursionList | undefined {
  const nearest = useMemo(() => source && nearestToursByExcursion(source.tours, now), [source, now]);
  return useMemo(
    () => (source && nearest ? arrangeList(source, sortKey, now, nearest) : undefined),
    [source, sortKey, now, nearest],
  );
}

/** /excursions: every excursion in the tab's order, with each one's nearest tour for its card. */
export function useSortedExcursions(sortKey: SortKey): ExcursionList | undefined {
  const db = useReplica();
  const now = useNow();
  const today = crimeaToday(now);
  const [initial] = useState(() => takePrimed(db, today));
  const live = useLiveQuery(() => settled(db, () => catalogueSource(db, today)), [db, today], initial);
  const source = useFirstScreenAnswer((data) => data.catalogue, live);
  return useArranged(source, sortKey, now);
}

/** A category page: its excursions in the tab's order, with their nearest tours. */
export function useExcursionsByCategory(category: Category, sortKey: SortKey): ExcursionList | undefined {
  const db = useReplica();
  const now = useNow();
  const today = crimeaToday(now);
  const live = useSubjectLiveQuery(category, () => settled(db, () => categorySource(db, category, today)), [
    db,
    category,
    today,
  ]);
  const snapshot = useFirstScreenSnapshot();
  const drawn = useMemo(() => snapshot && categoryPart(snapshot.catalogue, category), [snapshot, category]);
  const source = useFirstScreenAnswer(() => drawn, live);
  return useArranged(source, sortKey, now);
}

/** Each excursion's nearest tour, for cards in lists that do not come with one (city, favourites…). */
export function useNearestTours(): ReadonlyMap<EntityId, ReplicaTour> | undefined {
  const db = useReplica();
  const now = useNow();
  const today = crimeaToday(now);
  const live = useLiveQuery(() => nearestSource(db, today), [db, today]);
  const candidates = useFirstScreenAnswer((data) => data.catalogue.tours, live);
  return useMemo(
    () => (candidates ? nearestToursByExcursion(candidates, now) : undefined),
    [candidates, now],
  );
}

export function useExcursionsByCity(cityName: string): ReplicaExcursion[] | undefined {
  const db = useReplica();
  return useSubjectLiveQuery(cityName, () => excursionsByCity(db, cityName), [db, cityName]);
}

export function useExcursionsByPlace(placeId: number): ReplicaExcursion[] | undefined {
  const db = useReplica();
  return useSubjectLiveQuery(String(placeId), () => excursionsByPlace(db, placeId), [db, placeId]);
}
