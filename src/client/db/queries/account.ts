import type { EntityId, ReplicaExcursion, User } from '../../../domain/types';
import { changesCursorVersion } from '../../../protocol/sync-cursor';
import type { ReplicaDb } from '../schema';
import { popularFirst } from './catalogue';
import { visible } from './rows';

// The signed-in user's own rows and the replica's own state.

/**
 * Whether the replica has been filled by a complete first sync: the sync engine stores the pull
 * cursor with each page it applies, and the cursor is a changes cursor once the first sync's last
 * page is in (protocol/sync-cursor.ts). Before that an empty result means "loading", not "not found": a first
 * sync cut short after its first page holds only part of the catalogue.
 */
export async function hasSynced(db: ReplicaDb): Promise<boolean> {
  const cursor = (await db.meta.get('cursor'))?.value;
  return typeof cursor === 'string' && changesCursorVersion(cursor) !== undefined;
}

/**
 * The row `read` finds, or null ('not found') once the replica has synced, and undefined ("loading")
 * before. A screen calls this inside its own live query, never reads the sync state apart: apart, the
 * sync state could answer first after the page that brought the row and flash 'not found'. The row is
 * read again after the sync state, so a page applied between the two reads cannot make it missing.
 */
export async function foundOnceSynced<T>(
  db: ReplicaDb,
  read: () => Promise<T | null | undefined>,
): Promise<T | null | undefined> {
  const first = await read();
  if (first !== null && first !== undefined) return first;
  if (!(await hasSynced(db))) return undefined;
  return (await read()) ?? null;
}

/**
 * The rows `read` finds, or undefined ("loading") while they are none and the replica has not
 * synced: an empty list is final only after a sync. Read the same way as foundOnceSynced, inside the
 * screen's own live query, so a screen never shows its empty state for the render before the page
 * that brings its rows.
 */
export async function listOnceSynced<L extends readonly unknown[]>(
  db: ReplicaDb,
  read: () => Promise<L>,
): Promise<L | undefined>;
/** The same for a result that is not an array: `isEmpty` says when it holds nothing to show. */
export async function listOnceSynced<L>(
  db: ReplicaDb,
  read: () => Promise<L>,
  isEmpty: (result: L) => boolean,
): Promise<L | undefined>;
export async function listOnceSynced<L>(
  db: ReplicaDb,
  read: () => Promise<L>,
  isEmpty: (result: L) => boolean = (result) => (result as readonly unknown[]).length === 0,
): Promise<L | undefined> {
  const first = await read();
  if (!isEmpty(first)) return first;
  if (!(await hasSynced(db))) return undefined;
  return read();
}

/** The signed-in user (the replica holds only the caller's own row), or undefined when signed out. */
export async function currentUser(db: ReplicaDb): Promise<User | undefined> {
  return visible(await db.users.toArray())[0];
}

/** Ids of the favourited excursions; an unfavourite waiting for the server is already out. */
export async function favoriteIds(db: ReplicaDb): Promise<Set<EntityId>> {
  return new Set(visible(await db.favorites.toArray()).map((row) => row.excursionID));
}

/** The favourited excursions that are in the replica, most popular first. */
export async function favoriteExcursions(db: ReplicaDb): Promise<ReplicaExcursion[]> {
  return db.transaction('r', db.favorites, db.excursions, async () => {
    const ids = [...(await favoriteIds(db))];
    return popularFirst(visible(await db.excursions.bulkGet(ids)));
  });
}
