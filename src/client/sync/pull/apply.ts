import type { Tour } from '../../../domain/types';
import { planChanges, type CollectionPlan } from '../../../protocol/sync-plan';
import {
  PERSONAL_COLLECTIONS,
  SYNC_COLLECTIONS,
  type Change,
  type SyncCollection,
} from '../../../protocol/sync';
import {
  SESSION_USER_META,
  SYNCED_TABLES,
  type DeferredRow,
  type MetaRow,
  type ReplicaDb,
  type TombstoneRow,
} from '../../db/schema';
import { pendingLocalTours, takeLocalTwin } from './local-twins';
import { rowKeyOf, rowStore, storedKey, TABLE_OF, type AnyRow } from './tables';
import { bulkPutInSlices, WRITE_BUDGET_MS } from '../../db/sliced-put';
import { sliceBudget, yieldToMain } from '../../yield';
import { changesCursorVersion, decodeCursor } from '../../../protocol/sync-cursor';

// Writes server changes into the replica. One call is one Dexie transaction: a pulled page and its
// cursor land together or not at all, so a crash mid-page leaves the previous cursor and the page is
// simply pulled again. Writes are bulk per table, handed to IndexedDB a few records per task inside that
// one transaction (db/sliced-put.ts), so a first sync's page never holds the main thread for long.
//
// A change is applied only if it is newer than what the replica holds: the row's own version, or the
// version of a deletion remembered in `tombstones`. So duplicates, out-of-order socket deltas and a
// page overlapping a delta all converge on the server's state. A row with local edits in flight
// (`_pending`) is not overwritten; the change waits in `deferred` until those edits settle.
//
// A tour created offline lives under a temporary id until its creation is answered. When that answer
// is lost (the network drops after the server stored the tour) the socket or a pull brings the stored
// tour first, under its real id: it waits behind the local tour of the same excursion, day and time,
// released when the creation settles, so the editor never shows the same time twice.
//
// A page or delta on its way while its account signs out must not put that account's rows (its
// tickets, a seller's passenger manifest) back on the phone: logout records it in `meta` in the same
// transaction that clears them, and the personal rows of anything applied after it are dropped. A page
// pulled for another account than the one signed in now is dropped whole; the pull that follows a
// login or logout brings the right one.

/** What a pulled page writes into `meta` besides its rows (tab.ts). */
export interface PageMeta {
  /**
   * The page belongs to a catch-up snapshot, whose position the puller keeps apart (in `rows`): the
   * replica's own cursor, its version and the replica's tombstones stay as they are.
   */
  asideFromCursor?: boolean;
  /** `meta` rows written in the page's transaction. */
  rows?: readonly MetaRow[];
  /** `meta` keys deleted in the page's transaction. */
  forget?: readonly string[];
}

/** Applies changes; false when the page was dropped whole (pulled for another account). */
export async function applyChanges(
  db: ReplicaDb,
  changes: readonly Change[],
  cursor?: string,
  pause: () => Promise<void> = yieldToMain,
  pageMeta: PageMeta = {},
): Promise<boolean> {
  // A pulled page is planned before its transaction, and the transaction starts in the next task:
  // the page's last slice of checking (parse.ts) ran in this one.
  const pulled = cursor === undefined ? undefined : planChanges(changes);
  if (pulled) await pause();
  return db.transaction('rw', [...SYNCED_TABLES, 'meta'], async () => {
    // A socket delta (no cursor) at or below the cursor is already reflected by the last pull.
    const floor = cursor === undefined ? Number((await db.meta.get('cursorVersion'))?.value ?? 0) : 0;
    const session = (await db.meta.get(SESSION_USER_META))?.value as number | null | undefined;
    if (cursor !== undefined && typeof session === 'number' && decodeCursor(cursor)?.userId !== session)
      return false;
    const plan =
      pulled ?? planChanges(floor > 0 ? changes.filter((change) => change.version > floor) : changes);
    if (session === null)
      for (const collection of PERSONAL_COLLECTIONS) Object.assign(plan, { [collection]: emptyPlan() });
    const work = SYNC_COLLECTIONS.filter(
      (collection) => plan[collection].puts.length > 0 || plan[collection].deletes.length > 0,
    );
    // The collections' reads are issued without waiting between them, then every write: IndexedDB
    // runs a transaction's requests in order anyway, and each wait for an answer is an idle round
    // trip to the browser's database process. Only once issuing has taken a task's budget (a first
    // sync's keys, by the thousand) do the rest wait for an answer, so they go on in the next task.
    const reads: Promise<Seen>[] = [];
    const readBudget = sliceBudget(WRITE_BUDGET_MS);
    let readsSince = performance.now();
    for (const collection of work) {
      if (reads.length > 0 && performance.now() - readsSince >= readBudget) {
        await reads[reads.length - 1];
        readsSince = performance.now();
      }
      const read = readCollection(db, collection, plan[collection] as CollectionPlan<SyncCollection>);
      // A failed read fails the transaction; it is heard once, from Promise.all below.
      read.catch(() => undefined);
      reads.push(read);
    }
    const seen = await Promise.all(reads);
    const aside = pageMeta.asideFromCursor === true;
    const upTo = cursor === undefined || aside ? 0 : cursorVersion(cursor);
    // The tables' writes start in this one task: they share its budget (sliced-put.ts).
    const since = performance.now();
    const writes = work.map((collection, i) =>
      writeCollection(db, collection, decide(collection, seen[i] as Seen, upTo), since),
    );
    if (cursor !== undefined && !aside) {
      // Everything up to the cursor is now in the replica; older tombstones can no longer matter,
      // because a socket delta at or below the cursor is ignored (the floor above). Issued after the
      // page's own writes, so it runs after them.
      writes.push(
        db.meta.bulkPut([
          { key: 'cursor', value: cursor },
          { key: 'cursorVersion', value: upTo },
        ]),
        db.tombstones.where('version').belowOrEqual(upTo).delete(),
      );
    }
    if (pageMeta.rows?.length) writes.push(db.meta.bulkPut([...pageMeta.rows]));
    if (pageMeta.forget?.length) writes.push(db.meta.bulkDelete([...pageMeta.forget]));
    await Promise.all(writes);
    return true;
  });
}

/** The version a cursor stands for (the server's cursor is `v1.{version}.{user}`); 0 if unknown. */
export function cursorVersion(cursor: string | undefined): number {
  return changesCursorVersion(cursor) ?? 0;
}

/** A collection's page with what the replica holds for its keys. */
interface Seen {
  plan: CollectionPlan<SyncCollection>;
  putKeys: (string | number)[];
  deleteKeys: (string | number)[];
  /** Stored row, then tombstone, per key: puts first, then deletes. */
  existing: (AnyRow | undefined)[];
  tombs: (TombstoneRow | undefined)[];
  localTours: Map<string, string[]> | null;
}

async function readCollection(
  db: ReplicaDb,
  collection: SyncCollection,
  plan: CollectionPlan<SyncCollection>,
): Promise<Seen> {
  const putKeys = plan.puts.map((put) => rowKeyOf(collection, put.row as Record<string, unknown>));
  const deleteKeys = plan.deletes.map((del) => del.id as string | number);
  const allKeys = [...putKeys, ...deleteKeys];
  // Only rows (and tombstones) that exist are read: a key-only scan finds them first, so a first sync
  // into an empty replica reads no values, and a later page reads just the rows it overwrites.
  const tombKeys = allKeys.map((key) => storedKey(collection, key));
  const tours = collection === 'tours';
  const table = tours ? null : db.table<AnyRow, string | number>(TABLE_OF[collection]);
  const [present, presentTombs, localTours] = await Promise.all([
    table?.where(':id').anyOf(allKeys).primaryKeys(),
    db.tombstones.where(':id').anyOf(tombKeys).primaryKeys(),
    tours ? pendingLocalTours(db) : null,
  ]);
  const [existing, tombs] = await Promise.all([
    table ? readPresent(table, allKeys, new Set(present)) : storedTours(db, plan, deleteKeys as string[]),
    readPresent(db.tombstones, tombKeys, new Set(presentTombs)),
  ]);
  return { plan, putKeys, deleteKeys, existing, tombs, localTours };
}

/**
 * The stored tours a page names, puts first, then deletes. A put's tour can only be in its excursion's
 * record, so those are read by key, one per excursion (a first-sync page spans about a hundred); a
 * deletion names just the tour, found through the tour directory (db/tour-store.ts).
 */
async function storedTours(
  db: ReplicaDb,
  plan: CollectionPlan<SyncCollection>,
  deleteIds: string[],
): Promise<(AnyRow | undefined)[]> {
  const rows = plan.puts.map((put) => put.row as Tour);
  const [own, deleted] = await Promise.all([
    db.tours.ofExcursions([...new Set(rows.map((row) => row.excursionID))]),
    db.tours.bulkGet(deleteIds),
  ]);
  const byId = new Map(own.map((tour) => [tour._id, tour]));
  return [...rows.map((row) => byId.get(row._id)), ...deleted] as (AnyRow | undefined)[];
}

interface Decision {
  rows: AnyRow[];
  removals: (string | number)[];
  newTombs: TombstoneRow[];
  deferred: DeferredRow[];
}

/**
 * What to write for a collection's page. `upTo` is the page's cursor version (0 for a socket delta):
 * tombstones at or below it are dropped in the same transaction, so they are not written at all.
 */
function decide(collection: SyncCollection, seen: Seen, upTo: number): Decision {
  const { plan, putKeys, deleteKeys, existing, tombs, localTours } = seen;
  const rows: AnyRow[] = [];
  const removals: (string | number)[] = [];
  const newTombs: TombstoneRow[] = [];
  const deferred: DeferredRow[] = [];

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
    const local = !current && localTours ? takeLocalTwin(localTours, put.row as Tour) : undefined;
    if (local) {
      deferred.push({
        key: storedKey(collection, local),
        change: { collection, op: 'put', ...put } as Change,
      });
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
    if (del.version > upTo) newTombs.push({ key: storedKey(collection, key), version: del.version });
  });
  return { rows, removals, newTombs, deferred };
}

/**
 * Issues a collection's writes (in this order; its rows in slices, see sliced-put.ts) and resolves
 * when all are done.
 */
function writeCollection(
  db: ReplicaDb,
  collection: SyncCollection,
  decision: Decision,
  since: number,
): Promise<unknown> {
  const table = rowStore(db, collection);
  const { rows, removals, newTombs, deferred } = decision;
  return Promise.all([
    // The tour store slices its own records (one per excursion, not one per row).
    rows.length > 0 &&
      (collection === 'tours' ? table.bulkPut(rows) : bulkPutInSlices(table, rows, { since })),
    removals.length > 0 && table.bulkDelete(removals),
    newTombs.length > 0 && db.tombstones.bulkPut(newTombs),
    deferred.length > 0 && db.deferred.bulkPut(deferred),
  ]);
}

/** `table.bulkGet(keys)`, reading only the keys known to be present. */
async function readPresent<T, K>(
  table: { bulkGet(keys: K[]): Promise<(T | undefined)[]> },
  keys: readonly K[],
  present: ReadonlySet<unknown>,
): Promise<(T | undefined)[]> {
  if (present.size === 0) return keys.map(() => undefined);
  const wanted = keys.filter((key) => present.has(key));
  const rows = await table.bulkGet(wanted);
  const byKey = new Map(wanted.map((key, i) => [key, rows[i]]));
  return keys.map((key) => byKey.get(key));
}

function emptyPlan<C extends SyncCollection>(): CollectionPlan<C> {
  return { puts: [], deletes: [] };
}
