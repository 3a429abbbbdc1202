import { liveQuery } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import type { EntityId } from '../../../../domain/types';
import { allRatings, type RatingSummary } from '../../../db/queries/ratings';
import type { ReplicaDb } from '../../../db/schema';
import { useReplica } from '../../hooks/replica';

// Every card shows its excursion's average and count. Rather than one live query per card, all the
// cards on every list share one live query per replica: one read of the reviews, grouped in memory,
// started by the first card that mounts and stopped when the last one goes.

type Ratings = ReadonlyMap<EntityId, RatingSummary>;

const NONE: Ratings = new Map();

interface Store {
  current: Ratings;
  listeners: Set<() => void>;
  stop: (() => void) | undefined;
}

const stores = new WeakMap<ReplicaDb, Store>();

function storeOf(db: ReplicaDb): Store {
  let store = stores.get(db);
  if (!store) {
    store = { current: NONE, listeners: new Set(), stop: undefined };
    stores.set(db, store);
  }
  return store;
}

function subscribe(db: ReplicaDb, listener: () => void): () => void {
  const store = storeOf(db);
  store.listeners.add(listener);
  if (!store.stop) {
    const subscription = liveQuery(() => allRatings(db)).subscribe({
      next: (ratings) => {
        store.current = ratings;
        for (const notify of store.listeners) notify();
      },
      // A failed read leaves the cards without ratings; the next change of the table reads again.
      error: () => undefined,
    });
    store.stop = () => subscription.unsubscribe();
  }
  return () => {
    store.listeners.delete(listener);
    if (store.listeners.size === 0) {
      store.stop?.();
      store.stop = undefined;
    }
  };
}

/** One excursion's public average and count; undefined when it has no reviews (or before the read). */
export function useExcursionRating(excursionId: EntityId): RatingSummary | undefined {
  const db = useReplica();
  // Stable per replica, so a re-render does not unsubscribe and subscribe again.
  const subscribeTo = useCallback((listener: () => void) => subscribe(db, listener), [db]);
  const snapshot = useCallback(() => storeOf(db).current, [db]);
  const ratings = useSyncExternalStore(
    subscribeTo,
    snapshot,
    // The server draws cards without ratings, and hydration starts from the same.
    () => NONE,
  );
  return ratings.get(excursionId);
}
