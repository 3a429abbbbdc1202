import type { SyncCollection } from '../../../protocol/sync';
import type { ReplicaDb, ReplicaMeta } from '../../db/schema';

// Which replica table holds each server collection, and how its rows are keyed. Tours are the one
// exception: `db.tours` is a row view over the `tourGroups` records (db/tour-store.ts), so rowStore
// is how applying changes reaches any collection's rows.

export const TABLE_OF = {
  excursions: 'excursions',
  tours: 'tours',
  places: 'places',
  cities: 'cities',
  banners: 'banners',
  special_offers: 'specialOffers',
  user: 'users',
  tickets: 'tickets',
  favorites: 'favorites',
  manifest: 'manifest',
  review_queue: 'reviewQueue',
  reviews: 'reviews',
} as const satisfies Record<SyncCollection, keyof ReplicaDb>;

export type TableName = (typeof TABLE_OF)[SyncCollection];

export type AnyRow = Record<string, unknown> & ReplicaMeta;
type Key = string | number;

/** What applying changes needs of a collection's rows, whether a table holds them or the tour store. */
export interface RowStore {
  get(key: Key): Promise<AnyRow | undefined>;
  bulkGet(keys: readonly Key[]): Promise<(AnyRow | undefined)[]>;
  put(row: AnyRow): Promise<unknown>;
  bulkPut(rows: readonly AnyRow[]): Promise<unknown>;
  delete(key: Key): Promise<unknown>;
  bulkDelete(keys: readonly Key[]): Promise<unknown>;
}

export function rowStore(db: ReplicaDb, collection: SyncCollection): RowStore {
  // The tour store's rows are tours; applying changes handles every collection's rows alike.
  if (collection === 'tours') return db.tours as unknown as RowStore;
  return db.table<AnyRow, Key>(TABLE_OF[collection]);
}

export function rowKeyOf(collection: SyncCollection, row: Record<string, unknown>): string | number {
  switch (collection) {
    case 'excursions':
    case 'tours':
    case 'tickets':
    case 'manifest':
    case 'review_queue':
    case 'reviews':
      return row._id as string;
    case 'favorites':
      return row.excursionID as string;
    default:
      return row.id as number;
  }
}

export function storedKey(collection: SyncCollection, id: string | number): string {
  return `${collection}:${id}`;
}
