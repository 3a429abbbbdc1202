import { SYNC_COLLECTIONS } from '../../../protocol/sync';
import type { ReplicaDb } from '../../db/schema';

// Which collections the replica was filled with. The server gains collections over time, and an app
// that does not know one skips its changes (parse.ts) while its cursor moves on past them: once that
// app is updated, the new collection's older rows would never arrive. So the replica records, in
// `meta`, the sorted list of collections it holds in full; a pull whose app knows a collection the
// record lacks pulls a catch-up snapshot (tab.ts) and then records this app's list.
//
// A replica without a record, but with a cursor, was filled by an app that kept none, which cannot
// say which collections it knew: it counts as holding none in full and catches up once. A pull from no
// cursor (a first sync, or one after "start over") records this app's list with its first page, so a
// first sync cut short and resumed later needs no second pass.

/** The `meta` key of the sorted list of collections the replica holds in full. */
export const COLLECTIONS_META = 'collections';
/** The `meta` key of where a catch-up snapshot has got to; the replica's own cursor stays apart. */
export const CATCH_UP_CURSOR_META = 'catchUpCursor';

/** This app's collections, sorted: what a pull it runs from no cursor fills in full. */
export const KNOWN_COLLECTIONS: readonly string[] = [...SYNC_COLLECTIONS].sort();

/** The recorded list, or undefined for a replica that has none. */
export async function recordedCollections(db: ReplicaDb): Promise<string[] | undefined> {
  const value = (await db.meta.get(COLLECTIONS_META))?.value;
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : undefined;
}

/** Whether this app knows a collection the replica was not filled with (none recorded: it lacks all). */
export function lacksKnown(recorded: readonly string[] | undefined): boolean {
  const held = new Set(recorded);
  return KNOWN_COLLECTIONS.some((name) => !held.has(name));
}

/**
 * Drops from the record the collections this app does not know (an older app running over a newer
 * one's replica): its pulls skip their changes, so the replica no longer holds them in full, and a
 * later update must catch up on them again.
 */
export async function forgetUnknownCollections(db: ReplicaDb): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const recorded = await recordedCollections(db);
    if (!recorded) return;
    const kept = recorded.filter((name) => KNOWN_COLLECTIONS.includes(name));
    if (kept.length < recorded.length) await db.meta.put({ key: COLLECTIONS_META, value: kept });
  });
}
