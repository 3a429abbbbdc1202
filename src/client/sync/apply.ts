import { planChanges, type CollectionPlan } from '../../protocol/sync-plan';
import { SYNC_COLLECTIONS, type Change, type SyncCollection } from '../../protocol/sync';
import { SYNCED_TABLES, type ReplicaDb, type ReplicaMeta } from '../db/schema';
import { rowKeyOf, storedKey, TABLE_OF } from './tables';

// Writes server changes into the replica. One call is one Dexie transaction: a pulled page and its
// cursor land together or not at all, so a crash mid-page leaves the previous cursor and the page is
// simply pulled again. Writes are bulk per table (a first sync of 100,000 tours is a few bulkPuts).
//
// A change is applied only if it is newer than what the replica holds: the row's own version, or the
// version of a deletion remembered in `tombstones`. So duplicates, out-of-order socket deltas and a
// page overlapping a delta all converge on the server's state. A row with local edits in flight
// (`_pending`) is not overwritten; the change waits in `deferred` until those edits settle.

type AnyRow = Record<string, unknown> & ReplicaMeta;

export async function applyChanges(
  db: ReplicaDb,
  changes: readonly Change[],
  cursor?: string,
): Promise<void> {
  await db.transaction('rw', [...SYNCED_TABLES, 'meta'], async () => {
    // A socket delta (no cursor) at or below the cursor is already reflected by the last pull.
    const floor = cursor === undefined ? Number((await db.meta.get('cursorVersion'))?.value ?? 0) : 0;
    const plan = planChanges(floor > 0 ? changes.filter((change) => change.version > floor) : changes);
    for (const collection of SYNC_COLLECTIONS) {
      await applyCollection(db, collection, plan[collection] as CollectionPlan<SyncCollection>);
    }
    if (cursor !== undefined) {
      await db.meta.put({ key: 'cursor', value: cursor });
      // Everything up to the cursor is now in the replica; older tombstones can no longer matter,
      // because a socket delta at or below the cursor is ignored (the floor above).
      await db.meta.put({ key: 'cursorVersion', value: cursorVersion(cursor) });
      await db.tombstones.where('version').belowOrEqual(cursorVersion(cursor)).delete();
    }
  });
}

/** The version a cursor stands for (the server's cursor is `v1.{version}.{user}`); 0 if unknown. */
export function cursorVersion(cursor: string | undefined): number {
  const match = cursor ? /^v1\.(\d+)\./.exec(cursor) : null;
  return match ? Number(match[1]) : 0;
}

async function applyCollection(
  db: ReplicaDb,
  collection: SyncCollection,
  plan: CollectionPlan<SyncCollection>,
): Promise<void> {
  if (plan.puts.length === 0 && plan.deletes.length === 0) return;
  const table = db.table<AnyRow, string | number>(TABLE_OF[collection]);
  const keyOf = (row: unknown) => rowKeyOf(collection, row as AnyRow);

  const putKeys = plan.puts.map((put) => keyOf(put.row));
  const deleteKeys = plan.deletes.map((del) => del.id as string | number);
  const allKeys = [...putKeys, ...deleteKeys];
  const [existing, tombs] = await Promise.all([
    table.bulkGet(allKeys),
    db.tombstones.bulkGet(allKeys.map((key) => storedKey(collection, key))),
  ]);

  const rows: AnyRow[] = [];
  const removals: (string | number)[] = [];
  const newTombs: { key: string; version: number }[] = [];
  const deferred: { key: string; change: Change }[] = [];

  plan.puts.forEach((put, i) => {
    const current = existing[i];
    const tomb = tombs[i];
    if (tomb && tomb.version >= put.version) return;
    if (current && current._v >= put.version) return;
    const key = putKeys[i] as string | number;
    if (current?._pending) {
      deferred.push({ key: storedKey(collection, key), change: { collection, op: 'put', ...put } as Change });
      return;
    }
    rows.push({ ...(put.row as Record<string, unknown>), _v: put.version });
  });

  plan.deletes.forEach((del, j) => {
    const i = putKeys.length + j;
    const current = existing[i];
    const key = deleteKeys[j] as string | number;
    if (current && current._v >= del.version) return;
    const tomb = tombs[i];
    if (tomb && tomb.version >= del.version) return;
    if (current?._pending) {
      deferred.push({
        key: storedKey(collection, key),
        change: { collection, op: 'delete', ...del } as Change,
      });
      return;
    }
    if (current) removals.push(key);
    newTombs.push({ key: storedKey(collection, key), version: del.version });
  });

  if (rows.length > 0) await table.bulkPut(rows);
  if (removals.length > 0) await table.bulkDelete(removals);
  if (newTombs.length > 0) await db.tombstones.bulkPut(newTombs);
  if (deferred.length > 0) await db.deferred.bulkPut(deferred);
}

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
  const table = db.table<AnyRow, string | number>(TABLE_OF[collection]);
  const current = await table.get(key);
  if (current?._pending) return;
  await db.deferred.delete(id);
  const change = held.change as Change;
  if (current && current._v >= change.version) return;
  if (change.op === 'put')
    await table.put({ ...(change.row as Record<string, unknown>), _v: change.version });
  else {
    await table.delete(key);
    await db.tombstones.put({ key: id, version: change.version });
  }
}

/** Drops everything the server sent (a "start over"); the outbox and its local effects stay. */
export async function clearSynced(db: ReplicaDb): Promise<void> {
  await db.transaction('rw', [...SYNCED_TABLES, 'meta'], async () => {
    for (const name of SYNCED_TABLES) {
      const table = db.table<AnyRow>(name);
      // Rows with edits in flight survive, so an offline change is not lost by a reset.
      if (name === 'tombstones' || name === 'deferred') await table.clear();
      else await table.filter((row) => !row._pending).delete();
    }
    await db.meta.bulkDelete(['cursor', 'cursorVersion']);
  });
}
