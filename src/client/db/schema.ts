import Dexie, { type EntityTable } from 'dexie';
import {
  chunkOfGroups,
  groupOf,
  groupTours,
  type TourGroup,
  type TourIdChunk,
  type TourRow,
} from './tour-groups';
import { TourStore } from './tour-store';
import type { ReplicaMeta, Replicated } from './replicated';
import { yieldToMain } from '../yield';
import type {
  Banner,
  City,
  ManifestEntry,
  Place,
  ReplicaExcursion,
  SpecialOffer,
  Ticket,
  User,
} from '../../domain/types';
import type { ReviewQueueRow } from '../../protocol/moderation';
import type { Review } from '../../protocol/reviews';

// The local replica. Screens read it with live queries; the sync engine is its only writer of server
// data. Every replicated row carries its server version (`_v`) so an older or repeated change is
// ignored; a row with unacknowledged local edits carries `_pending` so the server cannot overwrite it
// before the outbox has delivered them; `_deleted` hides a row deleted locally until the server agrees.

export type { ReplicaMeta, Replicated };

export interface FavoriteRow extends ReplicaMeta {
  excursionID: string;
}

export type MutationKind =
  | 'favorite.set'
  | 'favorite.unset'
  | 'tours.create'
  | 'tours.delete'
  | 'profile.update'
  | 'ticket.checkin'
  | 'review.save';

export interface OutboxRow {
  /** A UUID, also sent as the Idempotency-Key. */
  id: string;
  /** Order of enqueueing; mutations are sent strictly in this order. */
  seq?: number;
  kind: MutationKind;
  payload: unknown;
  /** Enough to undo the local effect if the server refuses the mutation. */
  undo: unknown;
  /** The user whose token must send it (a queue never crosses accounts). */
  userId: number;
  createdAt: number;
  attempts: number;
  /**
   * Set once the row's payload has been handed to the network. From then on its Idempotency-Key
   * stands for that exact request, so the row's payload is never edited again.
   */
  sent?: 1;
  nextAttemptAt: number;
  lastError: string | null;
}

/** A mutation the server refused: kept so the UI can tell the user what was rolled back and why. */
export interface RejectionRow {
  id: string;
  kind: MutationKind;
  payload: unknown;
  reason: string;
  at: number;
  seen: 0 | 1;
}

export interface TombstoneRow {
  /** `${collection}:${id}` */
  key: string;
  version: number;
}

/** A server change held back because its row had local edits in flight; applied once they settle. */
export interface DeferredRow {
  /** `${collection}:${id}` */
  key: string;
  change: unknown;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export interface LogRow {
  id?: number;
  at: number;
  direction: 'in' | 'out' | 'info';
  text: string;
}

export class ReplicaDb extends Dexie {
  excursions!: EntityTable<Replicated<ReplicaExcursion>, '_id'>;
  /** Tours as rows, over `tourGroups` (one record per excursion): see tour-store.ts. */
  readonly tours: TourStore = new TourStore(this);
  tourGroups!: EntityTable<TourGroup, 'excursionID'>;
  /** Which excursion each tour belongs to, in chunks: see tour-store.ts. */
  tourIds!: EntityTable<TourIdChunk, 'key'>;
  places!: EntityTable<Replicated<Place>, 'id'>;
  cities!: EntityTable<Replicated<City>, 'id'>;
  banners!: EntityTable<Replicated<Banner>, 'id'>;
  specialOffers!: EntityTable<Replicated<SpecialOffer>, 'id'>;
  users!: EntityTable<Replicated<User>, 'id'>;
  tickets!: EntityTable<Replicated<Ticket>, '_id'>;
  favorites!: EntityTable<FavoriteRow, 'excursionID'>;
  /** Bookings on the departures of the signed-in seller's excursions (every one, for an admin). */
  manifest!: EntityTable<Replicated<ManifestEntry>, '_id'>;
  /** An admin's excursions waiting for a decision (new ones and changes to published ones). */
  reviewQueue!: EntityTable<Replicated<ReviewQueueRow>, '_id'>;
  /** Travellers' reviews of excursions, keyed by their ticket's id. */
  reviews!: EntityTable<Replicated<Review>, '_id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  rejections!: EntityTable<RejectionRow, 'id'>;
  tombstones!: EntityTable<TombstoneRow, 'key'>;
  deferred!: EntityTable<DeferredRow, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;
  log!: EntityTable<LogRow, 'id'>;

  constructor(name = 'krym-excursions', options?: ConstructorParameters<typeof Dexie>[1]) {
    // No query cache: Dexie's default ('cloned') deep-copies every row a transaction writes or a
    // live query reads, for optimistic re-reads. A first sync writes its ~1,800 demo rows (100,000 in
    // the benchmark) once and the screens read them once per change, so the copies cost more than the
    // reads they save: a quarter of Dexie's main-thread time on a first visit (Lighthouse TBT).
    // Live queries still answer every change; they read IndexedDB again instead.
    super(name, { cache: 'disabled', ...options });
    // Version 1. A later schema is a new this.version(2).stores({...}) with an upgrade, never an edit
    // of this one: an installed app keeps its outbox across upgrades.
    this.version(1).stores({
      excursions: '_id, city, place, category, ownerID, popularity',
      tours: '_id, excursionID, date, [excursionID+date]',
      places: 'id',
      cities: 'id, name',
      banners: 'id',
      specialOffers: 'id',
      users: 'id',
      tickets: '_id, tourID',
      favorites: 'excursionID',
      outbox: '++seq, &id, userId',
      rejections: 'id, at, seen',
      tombstones: 'key, version',
      deferred: 'key',
      meta: 'key',
      log: '++id, at',
    });
    // Version 2 drops two indexes no query reads. In Chromium every index is one more write per row,
    // and a first sync writes 100,000 tours: `excursionID` is the prefix of `[excursionID+date]`
    // (Dexie still answers where('excursionID') from it), `popularity` is sorted in memory. Only the
    // changed stores are listed; every other store, the outbox included, is kept as it is.
    this.version(2).stores({
      excursions: '_id, city, place, category, ownerID',
      tours: '_id, date, [excursionID+date]',
    });
    // Version 3 stores tours one record per excursion instead of one per tour (tour-store.ts): in
    // Chromium a record costs about as much to write whatever its size, so a first sync of 100,000 tour
    // records would take seconds. `dates` and `ids` are multiEntry indexes: a day's tours, the
    // schedule's days, a tour by id.
    this.version(3)
      .stores({ tours: null, tourGroups: 'excursionID, *dates, *ids' })
      .upgrade(async (tx) => {
        const rows = await tx.table<TourRow>('tours').toArray();
        await tx.table<TourGroup>('tourGroups').bulkPut(groupTours(rows));
      });
    // Version 4 finds a tour by id through a directory of chunks (`tourIds`, one per batch of new
    // tours) instead of the `ids` index: that index's 100,000 entries, in random order, take a third
    // of a first sync's time in Chromium. `local` indexes only the tours made on this phone.
    this.version(4)
      .stores({ tourGroups: 'excursionID, *dates, *local', tourIds: 'key' })
      .upgrade(async (tx) => {
        const groups = await tx.table<TourGroup>('tourGroups').toArray();
        const regrouped = groups.flatMap((group) => groupOf(group.excursionID, group.tours) ?? []);
        await tx.table<TourGroup>('tourGroups').bulkPut(regrouped);
        if (regrouped.length > 0) await tx.table<TourIdChunk>('tourIds').add(chunkOfGroups(regrouped));
      });
    // Version 5 adds the seller's passenger manifest, read per departure.
    this.version(5).stores({ manifest: '_id, tourID' });
    // Version 6 adds an admin's review queues; a queue is a few hundred rows at most, sorted in memory.
    this.version(6).stores({ reviewQueue: '_id' });
    // Version 7 adds reviews, read per excursion (its page) and per author (the profile's own).
    this.version(7).stores({ reviews: '_id, excursionID, authorID' });
  }
}

/**
 * The `meta` key of the account the replica's personal rows belong to: its id once signed in, null once
 * signed out (commands/account.ts), absent before either. Applying changes reads it (pull/apply.ts).
 */
export const SESSION_USER_META = 'sessionUser';

/** The tables that mirror server collections: a "start over" clears exactly these, never the outbox. */
export const SYNCED_TABLES = [
  'excursions',
  'tourGroups',
  'tourIds',
  'places',
  'cities',
  'banners',
  'specialOffers',
  'users',
  'tickets',
  'favorites',
  'manifest',
  'reviewQueue',
  'reviews',
  'tombstones',
  'deferred',
] as const;

let shared: ReplicaDb | undefined;

/** The app's one database handle (tests create their own ReplicaDb with fake-indexeddb). */
export function replicaDb(): ReplicaDb {
  shared ??= new ReplicaDb();
  return shared;
}

/**
 * The shared handle, created in a task of its own when it does not exist yet. Building it (Dexie
 * parses every version's table specs) takes several milliseconds of the main thread on a first visit,
 * inside whichever task asked first: the evaluation of Dexie's chunk, or a screen's first render.
 * A screen's code loader calls this between the two, so none of them grows by it.
 */
export async function replicaDbApart(pause: () => Promise<void> = yieldToMain): Promise<ReplicaDb> {
  if (shared) return shared;
  await pause();
  const db = replicaDb();
  await pause();
  return db;
}
