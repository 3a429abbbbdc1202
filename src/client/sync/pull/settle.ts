import type { Change, SyncCollection } from '../../../protocol/sync';
import { SYNCED_TABLES, type ReplicaDb } from '../../db/schema';
import { rowKeyOf, rowStore, storedKey, type AnyRow } from './tables';
import { CATCH_UP_CURSOR_META, COLLECTIONS_META } from './replica-collections';

// What happens to the replica outside a page's own changes: a change held back behind local edits is
// released once they settle (the outbox calls this), and a "start over" drops what the server sent.

/**
 * Applies the change held back for a row once its local edits have settled (acknowledged or rolled
 * back), if the server's version is still newer than what the row holds. Runs inside the caller's
 * transaction.
 */
export async function releaseDeferred(
  db: ReplicaDb,
  collection: SyncCollection,
  key: string | number,
): Promise<void> {
  const id = storedKey(collection, key);
  const held = await db.deferred.get(id);
  if (!held) return;
  const table = rowStore(db, collection);
  const current = await table.get(key);
  if (current?._pending) return;
  await db.deferred.delete(id);
  const change = held.change as Change;
  if (current && current._v >= change.version) return;
  if (change.op === 'put') {
    // A stored tour held behind its local twin lands under its own id: compare with that row.
    const ownKey = rowKeyOf(collection, change.row as Record<string, unknown>);
    const own = ownKey === key ? current : await table.get(ownKey);
    if (own && own._v >= change.version) return;
    // That row has edits of its own in flight (deleted before its creation was answered): wait for them.
    if (own?._pending) {
      await db.deferred.put({ key: storedKey(collection, ownKey), change });
      return;
    }
    await table.put({ ...(change.row as Record<string, unknown>), _v: change.version });
  } else {
    await table.delete(key);
    await db.tombstones.put({ key: id, version: change.version });
  }
}

/** Drops everything the server sent (a "start over"); the outbox and its local effects stay. */
export async function clearSynced(db: ReplicaDb): Promise<void> {
  await db.transaction('rw', [...SYNCED_TABLES, 'meta'], async () => {
    for (const name of SYNCED_TABLES) {
      // Rows with edits in flight survive, so an offline change is not lost by a reset.
      // The tour directory (`tourIds`) is rewritten with the tours it keeps.
      if (name === 'tourGroups') {
        await db.tours.keepOnly((tour) => Boolean(tour._pending));
        continue;
      }
      if (name === 'tourIds') continue;
      const table = db.table<AnyRow>(name);
      // Rows with edits in flight survive, so an offline change is not lost by a reset.
      if (name === 'tombstones' || name === 'deferred') await table.clear();
      // So does the signed-in user's placeholder (version 0, written at login or by the session check,
      // never sent by the server): the full pull replaces it, and meanwhile the account page keeps
      // showing instead of flashing "loading" and losing a half-typed edit. Only users: an
      // acknowledged favourite or ticket may also hold version 0, and those must go with the reset.
      else await table.filter((row) => !row._pending && !(name === 'users' && row._v === 0)).delete();
    }
    // The pull from no cursor that follows records the collections anew with its first page.
    await db.meta.bulkDelete(['cursor', 'cursorVersion', COLLECTIONS_META, CATCH_UP_CURSOR_META]);
  });
}
