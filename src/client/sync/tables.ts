import type { SyncCollection } from '../../protocol/sync';
import type { ReplicaDb } from '../db/schema';

// Which replica table holds each server collection, and how its rows are keyed.

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
} as const satisfies Record<SyncCollection, keyof ReplicaDb>;

export type TableName = (typeof TABLE_OF)[SyncCollection];

export function rowKeyOf(collection: SyncCollection, row: Record<string, unknown>): string | number {
  switch (collection) {
    case 'excursions':
    case 'tours':
    case 'tickets':
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
