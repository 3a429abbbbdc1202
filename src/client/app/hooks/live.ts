import { foundOnceSynced, listOnceSynced } from '../../db/queries/account';
import type { ReplicaDb } from '../../db/schema';
import { useLiveQuery } from './live-query';

/**
 * useLiveQuery for a screen about one subject (an id, a date): while the query for a new subject is
 * pending it gives undefined ("loading") instead of the previous subject's result, which useLiveQuery
 * would otherwise keep. A re-run for the same subject (new data, the clock) keeps showing the last
 * result until the new one arrives. `deps` must include everything `query` reads, subject included.
 */
export function useSubjectLiveQuery<T>(
  subject: string,
  query: () => Promise<T>,
  deps: unknown[],
): T | undefined {
  const tagged = useLiveQuery(async () => ({ subject, value: await query() }), deps);
  return tagged !== undefined && tagged.subject === subject ? tagged.value : undefined;
}

/**
 * useSubjectLiveQuery for a screen about one row read by id: null ('not found') only once the replica
 * has synced, undefined ("loading") before; the sync state is read in the same query (foundOnceSynced).
 */
export function useItemLiveQuery<T>(
  db: ReplicaDb,
  subject: string,
  read: () => Promise<T | null | undefined>,
  deps: unknown[],
): T | null | undefined {
  return useSubjectLiveQuery(subject, () => foundOnceSynced(db, read), deps);
}

/**
 * useLiveQuery for a screen's list: undefined ("loading") while it is empty and the replica has not
 * synced, the sync state read in the same query (listOnceSynced), so an empty list is final.
 */
export function useListLiveQuery<L extends readonly unknown[]>(
  db: ReplicaDb,
  read: () => Promise<L>,
  deps: unknown[],
): L | undefined {
  return useLiveQuery(() => listOnceSynced(db, read), deps);
}
