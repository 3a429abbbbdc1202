// Turns a page of changes into per-collection bulk writes. Pure, so the client's apply step and the
// tests of the server's paging can share one definition of "what a page means".
import { changeKey } from './sync';
import type { Change, SyncCollection, SyncKey, SyncRow } from './sync';

export interface CollectionPlan<C extends SyncCollection> {
  /** Rows to upsert, each with the version to store beside it. */
  puts: { version: number; row: SyncRow<C> }[];
  /** Keys to delete, each with the tombstone's version. */
  deletes: { version: number; id: SyncKey<C> }[];
}

export type ChangePlan = { [C in SyncCollection]: CollectionPlan<C> } & {
  /** The highest version in the page, or -1 for an empty page. */
  maxVersion: number;
};

function emptyPlan<C extends SyncCollection>(): CollectionPlan<C> {
  return { puts: [], deletes: [] };
}

/**
 * Groups changes by collection and keeps one change per (collection, key): the highest version, the
 * later one on a tie. The server already sends one change per key per page; deduplicating again makes
 * a WS burst or a buggy page safe to apply with bulkPut/bulkDelete, which are order-free only when
 * keys are unique. A client still compares each version with the one it stores before writing.
 */
export function planChanges(changes: readonly Change[]): ChangePlan {
  const latest = new Map<string, Change>();
  let maxVersion = -1;
  for (const change of changes) {
    const key = changeKey(change);
    // The key's type is part of the map key, so string "1" and number 1 never collide.
    const mapKey = `${change.collection}|${typeof key}|${key}`;
    const previous = latest.get(mapKey);
    if (!previous || previous.version <= change.version) latest.set(mapKey, change);
    if (change.version > maxVersion) maxVersion = change.version;
  }

  const plan: ChangePlan = {
    maxVersion,
    excursions: emptyPlan(),
    tours: emptyPlan(),
    places: emptyPlan(),
    cities: emptyPlan(),
    banners: emptyPlan(),
    special_offers: emptyPlan(),
    user: emptyPlan(),
    tickets: emptyPlan(),
    favorites: emptyPlan(),
    manifest: emptyPlan(),
    review_queue: emptyPlan(),
    reviews: emptyPlan(),
  };
  for (const change of latest.values()) {
    // TypeScript cannot correlate `change.collection` with the plan entry it indexes, so the entry is
    // widened here; the pairing itself is guaranteed by changeSchema's discriminated union.
    const entry = plan[change.collection] as {
      puts: { version: number; row: unknown }[];
      deletes: { version: number; id: unknown }[];
    };
    if (change.op === 'put') entry.puts.push({ version: change.version, row: change.row });
    else entry.deletes.push({ version: change.version, id: change.id });
  }
  return plan;
}
