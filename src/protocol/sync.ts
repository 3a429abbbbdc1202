// The pull half of the sync protocol (ARCHITECTURE "Sync protocol"): GET /api/sync?cursor=C&limit=N.
//
// Wire choices, and why:
// - A change is either an upsert `{collection, op: 'put', version, row}` with the WHOLE row, or a
//   tombstone `{collection, op: 'delete', version, id}` with only the key. Whole rows (not field diffs)
//   make applying idempotent and order-free: the client just `bulkPut`s them. Rows compress well
//   under gzip, so the bytes saved by diffs would not pay for their bookkeeping.
// - `version` is the server's monotonic change number for that row, from one sequence shared by every
//   collection and by WS deltas (realtime.ts). The client keeps it per row and ignores anything not
//   newer, which makes duplicates and out-of-order deliveries harmless.
// - Within one page the server sends each (collection, key) at most once: its latest state. So a page
//   can be grouped by collection and written with one bulkPut and one bulkDelete per table
//   (see planChanges in sync-plan.ts), in any order, in one Dexie transaction with the new cursor.
// - `cursor` is opaque to the client (the server may encode a version and the identity it was issued
//   for). Absent cursor = everything. `more: true` says "call again with this cursor now"; a client
//   loops until `more` is false. An answer of HTTP 410 {detail, reset: true} says the cursor is too
//   old or was issued for another user (e.g. after login/logout): drop the replica's server data and
//   pull from no cursor.
// - Tombstone ids use each collection's own key type: a 24-hex string for excursions, tours and
//   tickets; a positive integer for places, cities, banners, special offers and the user. Favourites
//   are rows of their own keyed by excursion id, so a like travels as a few bytes, not a whole user.
// - Personal collections (user, tickets, favorites, manifest, review_queue) are only ever the caller's own,
//   taken from the token. The manifest is the bookings on the departures of the caller's excursions
//   (every excursion's, for an admin), keyed by ticket id, with the buyers' contact data. The review queue is
//   an admin's only: the excursions waiting for a decision (moderation.ts, reviewQueueRowSchema).
import { z } from 'zod';
import {
  bannerSchema,
  citySchema,
  manifestEntrySchema,
  placeSchema,
  replicaExcursionSchema,
  specialOfferSchema,
  ticketSchema,
  tourSchema,
  userSchema,
} from './entities';
import { entityIdSchema, intIdSchema } from './primitives';
import type { Excursion, ReplicaExcursion, ReplicaTour, Tour } from '../domain/types';
import { reviewQueueRowSchema } from './moderation';
import { reviewSchema } from './reviews';

/** Also built with apiPaths.sync (paths.ts). */
export const SYNC_PATH = '/api/sync';

export const SYNC_COLLECTIONS = [
  'excursions',
  'tours',
  'places',
  'cities',
  'banners',
  'special_offers',
  'reviews',
  'user',
  'tickets',
  'favorites',
  'manifest',
  'review_queue',
] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];

/** Collections that belong to the signed-in user; a client clears them on logout. */
export const PERSONAL_COLLECTIONS = [
  'user',
  'tickets',
  'favorites',
  'manifest',
  'review_queue',
] as const satisfies readonly SyncCollection[];

/** The page size when the client does not ask for one, and the most it may ask for. */
export const SYNC_DEFAULT_LIMIT = 500;
export const SYNC_MAX_LIMIT = 2000;
/** The status of the "cursor too old, start over" answer. */
export const SYNC_RESET_STATUS = 410;
export const MAX_CURSOR_LENGTH = 512;

export const cursorSchema = z.string().min(1).max(MAX_CURSOR_LENGTH);
/** A row's change number. Safe integers are plenty: a million changes a second lasts 285 years. */
export const versionSchema = z.int().min(0);

export { replicaExcursionSchema };
/**
 * What the replica keeps of a tour: everything but the ids of the tickets sold on it. Those are other
 * buyers' business; the public needs only the seats and places taken.
 */
export const replicaTourSchema = tourSchema.omit({ tickets: true }) satisfies z.ZodType<ReplicaTour>;

/** The replica's row of an excursion (replicaExcursionSchema). */
export function replicaExcursion({ tours: _tours, ...row }: Excursion): ReplicaExcursion {
  return row;
}

/** The replica's row of a tour (replicaTourSchema). */
export function replicaTour({ tickets: _tickets, ...row }: Tour): ReplicaTour {
  return row;
}

/** A favourite as a replicated row: the excursion the user liked. */
export const favoriteRowSchema = z.object({ excursionID: entityIdSchema });
export type FavoriteRow = z.output<typeof favoriteRowSchema>;

function collectionChangeSchema<C extends SyncCollection, R extends z.ZodType, K extends z.ZodType>(
  collection: C,
  row: R,
  id: K,
) {
  return z.discriminatedUnion('op', [
    z.object({ collection: z.literal(collection), op: z.literal('put'), version: versionSchema, row }),
    z.object({ collection: z.literal(collection), op: z.literal('delete'), version: versionSchema, id }),
  ]);
}

/** Every change, discriminated first by `collection`, then by `op`. */
export const changeSchema = z.discriminatedUnion('collection', [
  collectionChangeSchema('excursions', replicaExcursionSchema, entityIdSchema),
  collectionChangeSchema('tours', replicaTourSchema, entityIdSchema),
  collectionChangeSchema('places', placeSchema, intIdSchema),
  collectionChangeSchema('cities', citySchema, intIdSchema),
  collectionChangeSchema('banners', bannerSchema, intIdSchema),
  collectionChangeSchema('special_offers', specialOfferSchema, intIdSchema),
  collectionChangeSchema('reviews', reviewSchema, entityIdSchema),
  collectionChangeSchema('user', userSchema, intIdSchema),
  collectionChangeSchema('tickets', ticketSchema, entityIdSchema),
  collectionChangeSchema('favorites', favoriteRowSchema, entityIdSchema),
  collectionChangeSchema('manifest', manifestEntrySchema, entityIdSchema),
  collectionChangeSchema('review_queue', reviewQueueRowSchema, entityIdSchema),
]);
export type Change = z.output<typeof changeSchema>;
export type PutChange = Extract<Change, { op: 'put' }>;
export type DeleteChange = Extract<Change, { op: 'delete' }>;
/** The row type replicated for a collection. */
export type SyncRow<C extends SyncCollection> = Extract<PutChange, { collection: C }>['row'];
/** The key type of a collection (what a tombstone carries). */
export type SyncKey<C extends SyncCollection> = Extract<DeleteChange, { collection: C }>['id'];

/** The key a change is about, for either op; one (collection, key) pair is one replica row. */
export function changeKey(change: Change): string | number {
  if (change.op === 'delete') return change.id;
  switch (change.collection) {
    case 'excursions':
    case 'tours':
    case 'tickets':
    case 'manifest':
    case 'review_queue':
    case 'reviews':
      return change.row._id;
    case 'favorites':
      return change.row.excursionID;
    default:
      return change.row.id;
  }
}

/**
 * Query of GET /api/sync, from URL search parameters (text). An empty cursor means none, so
 * `?cursor=` and no cursor both pull everything.
 */
export const syncQuerySchema = z.object({
  cursor: z
    .string()
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .transform((cursor) => (cursor ? cursor : undefined)),
  limit: z
    .string()
    .regex(/^\d{1,5}$/, { error: 'expected a page size' })
    .transform(Number)
    .pipe(z.int().min(1).max(SYNC_MAX_LIMIT))
    .optional(),
});
export type SyncQuery = z.output<typeof syncQuerySchema>;

/** GET /api/sync answer (200). */
export const syncResponseSchema = z.object({
  cursor: cursorSchema,
  changes: z.array(changeSchema).max(SYNC_MAX_LIMIT),
  // Defaults to false so a server that sends every change in one page may leave it out.
  more: z.boolean().default(false),
});
export type SyncResponse = z.output<typeof syncResponseSchema>;
export type SyncResponseInput = z.input<typeof syncResponseSchema>;

/** GET /api/sync answer with SYNC_RESET_STATUS: the cursor cannot be served, start over. */
export const syncResetResponseSchema = z.object({
  detail: z.string().min(1).max(2000),
  reset: z.literal(true),
});
export type SyncResetResponse = z.output<typeof syncResetResponseSchema>;
