// Loading vs missing: before the first sync has finished, an empty list or an absent row
// only means "not here yet", so screens keep saying 'Loading...' until the replica has been filled once.

export type ListPhase = 'loading' | 'empty' | 'ready';

export function listPhase(items: readonly unknown[] | undefined, synced: boolean | undefined): ListPhase {
  if (items === undefined) return 'loading';
  if (items.length > 0) return 'ready';
  return synced ? 'empty' : 'loading';
}

/** For a list read with useListLiveQuery, which stays undefined while an empty one is not final. */
export function syncedListPhase(items: readonly unknown[] | undefined): ListPhase {
  return listPhase(items, true);
}

export type ItemPhase = 'loading' | 'missing' | 'ready';

/**
 * For one row read by id with useItemLiveQuery, which says null ("not in the replica") only once the
 * replica has synced, or for an id that could never be found.
 */
export function itemPhase(item: unknown): ItemPhase {
  if (item === undefined) return 'loading';
  return item === null ? 'missing' : 'ready';
}

/** The list, or undefined while an empty one may only mean "not synced yet" (grids show skeletons). */
export function settledList<T>(
  items: readonly T[] | undefined,
  synced: boolean | undefined,
): readonly T[] | undefined {
  return listPhase(items, synced) === 'loading' ? undefined : items;
}
