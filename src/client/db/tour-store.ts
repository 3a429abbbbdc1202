import Dexie, { type EntityTable, type PromiseExtended } from 'dexie';
import { isTemporaryTourId } from '../../domain/schedule-editor';
import type { EntityId } from '../../domain/types';
import { bulkPutInSlices } from './sliced-put';
import {
  chunkOf,
  chunkOfGroups,
  groupOf,
  MAX_TOUR_ID_CHUNKS,
  TOUR_TABLES,
  type TourGroup,
  type TourIdChunk,
  type TourRow,
} from './tour-groups';

// The replica's tours, stored one record per excursion.
//
// A first sync brings 100,000 tours in the benchmark's catalogue, and in Chromium every IndexedDB
// record costs about as much to write whatever its size (an index entry less): one record per tour
// would take seconds (the replica benchmarks measure this: docs/benchmarks.md). The server sends a
// first sync's tours grouped by excursion (see tourSnapshot on the server), so a page of 2,000 tours
// is about a hundred records here.
//
// An excursion's tours are one record, a day's tours are the records whose `dates` hold it (a
// multiEntry index), and the tours made on this phone are the records whose `local` holds them. A tour
// by id is found through the tour directory: chunks of "these tours belong to this excursion", one
// written with each batch of new tours. An index of every tour id instead would get 100,000 entries
// in random order and take a third of a first sync's time in Chromium, where a page's chunk is one
// record. The rest of the app sees rows through this class (`db.tours`).

/** What the tour store needs of the database (schema.ts's ReplicaDb): its two stores and transactions. */
export interface TourStoreDb {
  tourGroups: EntityTable<TourGroup, 'excursionID'>;
  tourIds: EntityTable<TourIdChunk, 'key'>;
  transaction<T>(mode: 'r' | 'rw', tables: string[], scope: () => PromiseLike<T>): PromiseExtended<T>;
}

// Every method returns Dexie's own promises (chained with `then`, never an `async` function): inside
// a caller's transaction, awaiting a native promise between two requests can let IndexedDB commit the
// transaction early (Dexie's PrematureCommitError), which a live query then throws into its screen.
const { Promise: DexiePromise } = Dexie;

export class TourStore {
  /** Tour id → its excursion, from the directory chunks this tab has read (see TourIdChunk). */
  private readonly excursionOf = new Map<EntityId, EntityId>();
  private readonly chunksRead = new Set<string>();

  constructor(private readonly db: TourStoreDb) {}

  private get groups() {
    return this.db.tourGroups;
  }

  private get directory() {
    return this.db.tourIds;
  }

  /** Runs `work` in the caller's transaction, or in one of its own over the tour stores. */
  private write<T>(work: () => PromiseLike<T>): Promise<T> {
    return this.db.transaction('rw', [...TOUR_TABLES], work);
  }

  private read<T>(work: () => PromiseLike<T>): PromiseExtended<T> {
    return this.db.transaction('r', [...TOUR_TABLES], work);
  }

  private remember(chunk: TourIdChunk): void {
    this.chunksRead.add(chunk.key);
    chunk.excursionIDs.forEach((excursionID, i) => {
      for (const id of chunk.tourIDs[i] ?? []) this.excursionOf.set(id, excursionID);
    });
  }

  /**
   * The excursions of these tour ids, each once, after reading the directory chunks written since
   * this tab last looked (by itself or another tab): usually one key-only read and nothing new.
   */
  private excursionsOf(ids: readonly EntityId[]): PromiseExtended<EntityId[]> {
    return this.directory
      .toCollection()
      .primaryKeys()
      .then((keys) => {
        const present = new Set(keys);
        // Chunks merged away (or written by a transaction that then failed) are forgotten.
        for (const key of this.chunksRead) if (!present.has(key)) this.chunksRead.delete(key);
        const unread = keys.filter((key) => !this.chunksRead.has(key));
        return unread.length === 0 ? [] : this.directory.bulkGet(unread);
      })
      .then((chunks) => {
        for (const chunk of chunks) if (chunk) this.remember(chunk);
        return [...new Set(ids.flatMap((id) => this.excursionOf.get(id) ?? []))];
      });
  }

  private groupsHolding(ids: readonly EntityId[]): PromiseExtended<TourGroup[]> {
    if (ids.length === 0) return DexiePromise.resolve([]);
    return this.read(() =>
      this.excursionsOf(ids)
        .then((excursionIDs) => this.groups.bulkGet(excursionIDs))
        .then((groups) => groups.filter((group) => group !== undefined)),
    );
  }

  /** Adds a directory chunk for these new tours, merging every chunk into one past MAX_TOUR_ID_CHUNKS. */
  private record(entries: readonly (readonly [EntityId, EntityId[]])[]): PromiseExtended<unknown> {
    if (entries.length === 0) return DexiePromise.resolve();
    const chunk = chunkOf(entries);
    this.remember(chunk);
    return this.directory.count().then((count) => {
      if (count < MAX_TOUR_ID_CHUNKS) return this.directory.add(chunk);
      return this.directory.toArray().then((chunks) => {
        const merged = new Map<EntityId, EntityId[]>();
        for (const { excursionIDs, tourIDs } of [...chunks, chunk]) {
          excursionIDs.forEach((excursionID, i) => {
            const known = merged.get(excursionID) ?? [];
            merged.set(excursionID, [...new Set([...known, ...(tourIDs[i] ?? [])])]);
          });
        }
        const whole = chunkOf(merged);
        this.remember(whole);
        return this.directory.clear().then(() => this.directory.add(whole));
      });
    });
  }

  get(id: EntityId): PromiseExtended<TourRow | undefined> {
    return this.bulkGet([id]).then(([tour]) => tour);
  }

  /** The tours of these ids, in their order; undefined where there is none. */
  bulkGet(ids: readonly EntityId[]): PromiseExtended<(TourRow | undefined)[]> {
    return this.groupsHolding(ids).then((groups) => {
      const byId = new Map<EntityId, TourRow>();
      for (const group of groups) for (const tour of group.tours) byId.set(tour._id, tour);
      return ids.map((id) => byId.get(id));
    });
  }

  /** Every tour, in no particular order. */
  toArray(): PromiseExtended<TourRow[]> {
    return this.groups.toArray().then((groups) => groups.flatMap((group) => group.tours));
  }

  count(): PromiseExtended<number> {
    return this.toArray().then((tours) => tours.length);
  }

  /** One excursion's tours (one record), in no particular order. */
  ofExcursion(excursionId: EntityId): PromiseExtended<TourRow[]> {
    return this.groups.get(excursionId).then((group) => group?.tours ?? []);
  }

  /** Several excursions' tours (one record each), in no particular order. */
  ofExcursions(excursionIds: readonly EntityId[]): PromiseExtended<TourRow[]> {
    return this.present(excursionIds).then((groups) => groups.flatMap((group) => group?.tours ?? []));
  }

  /**
   * The records of these excursions, in their order (undefined where there is none). The keys present
   * are found first, in one key-only request: a first sync's page names about a hundred excursions not
   * stored yet, and asking for each would be a hundred requests answered "nothing".
   */
  private present(excursionIds: readonly EntityId[]): PromiseExtended<(TourGroup | undefined)[]> {
    if (excursionIds.length === 0) return DexiePromise.resolve([]);
    return this.groups
      .where(':id')
      .anyOf([...excursionIds])
      .primaryKeys()
      .then((keys) => {
        if (keys.length === 0) return excursionIds.map(() => undefined);
        return this.groups.bulkGet(keys).then((groups) => {
          const byId = new Map(keys.map((key, i) => [key, groups[i]]));
          return excursionIds.map((id) => byId.get(id));
        });
      });
  }

  /** Every tour dated `today` or later: one read of every record (a few per excursion on a phone). */
  from(today: string): PromiseExtended<TourRow[]> {
    return this.groups
      .toArray()
      .then((groups) => groups.flatMap((group) => group.tours.filter((tour) => tour.date >= today)));
  }

  /** The tours on `date`, from the records whose undeleted tours include that day. */
  onDate(date: string): PromiseExtended<TourRow[]> {
    return this.groups
      .where('dates')
      .equals(date)
      .toArray()
      .then((groups) => groups.flatMap((group) => group.tours.filter((tour) => tour.date === date)));
  }

  /** The days from `today` with at least one tour not deleted locally, in calendar order. */
  daysFrom(today: string): PromiseExtended<string[]> {
    return this.groups
      .where('dates')
      .aboveOrEqual(today)
      .uniqueKeys()
      .then((days) => days as string[]);
  }

  /** The tours made on this phone and not yet answered (temporary ids, see isTemporaryTourId). */
  local(): PromiseExtended<TourRow[]> {
    return this.groups
      .where('local')
      .above('')
      .toArray()
      .then((groups) => {
        const unique = new Map(groups.map((group) => [group.excursionID, group]));
        return [...unique.values()].flatMap((group) =>
          group.tours.filter((tour) => isTemporaryTourId(tour._id)),
        );
      });
  }

  /** Stores these rows, replacing tours of the same id. A tour never changes its excursion. */
  put(row: TourRow): Promise<void> {
    return this.bulkPut([row]);
  }

  bulkPut(rows: readonly TourRow[]): Promise<void> {
    return this.write(() => {
      const byExcursion = new Map<EntityId, TourRow[]>();
      for (const row of rows) {
        const list = byExcursion.get(row.excursionID);
        if (list) list.push(row);
        else byExcursion.set(row.excursionID, [row]);
      }
      const ids = [...byExcursion.keys()];
      return this.present(ids).then((stored) => {
        const added: [EntityId, EntityId[]][] = [];
        const groups = ids.flatMap((id, i) => {
          const merged = new Map((stored[i]?.tours ?? []).map((tour) => [tour._id, tour]));
          const fresh: EntityId[] = [];
          for (const row of byExcursion.get(id) ?? []) {
            if (!merged.has(row._id)) fresh.push(row._id);
            merged.set(row._id, row);
          }
          if (fresh.length > 0) added.push([id, fresh]);
          return groupOf(id, [...merged.values()]) ?? [];
        });
        return DexiePromise.all([bulkPutInSlices(this.groups, groups), this.record(added)]).then(
          () => undefined,
        );
      });
    });
  }

  delete(id: EntityId): Promise<void> {
    return this.bulkDelete([id]);
  }

  bulkDelete(ids: readonly EntityId[]): Promise<void> {
    const gone = new Set(ids);
    return this.write(() =>
      this.groupsHolding(ids).then((groups) => this.rewrite(groups, (tour) => !gone.has(tour._id))),
    );
  }

  /**
   * Keeps only the tours `keep` accepts (a "start over" keeps those with local edits in flight), and
   * a directory of just those.
   */
  keepOnly(keep: (tour: TourRow) => boolean): Promise<void> {
    return this.write(() =>
      this.groups.toArray().then((groups) => {
        const kept = groups.flatMap((group) => groupOf(group.excursionID, group.tours.filter(keep)) ?? []);
        return DexiePromise.all([this.rewrite(groups, keep), this.directory.clear()]).then(() =>
          kept.length > 0 ? this.directory.add(chunkOfGroups(kept)) : undefined,
        );
      }),
    ).then(() => undefined);
  }

  private rewrite(groups: readonly TourGroup[], keep: (tour: TourRow) => boolean): PromiseExtended<void> {
    const changed = groups.filter((group) => !group.tours.every(keep));
    const kept = changed.map((group) => groupOf(group.excursionID, group.tours.filter(keep)));
    return DexiePromise.all([
      this.groups.bulkPut(kept.filter((group) => group !== undefined)),
      this.groups.bulkDelete(changed.filter((_, i) => !kept[i]).map((group) => group.excursionID)),
    ]).then(() => undefined);
  }
}
