import Dexie, { type PromiseExtended } from 'dexie';
import type { EntityId, ReplicaTour } from '../../domain/types';
import type { ReplicaDb, Replicated } from './schema';

// The replica's tours, stored one record per excursion.
//
// A first sync brings 100,000 tours in the benchmark's catalogue, and in Chromium every IndexedDB
// record costs about 50 µs to write whatever its size (an index entry about 6 µs): one record per tour
// was 10 s on a phone-class machine. The server sends a first sync's tours grouped by excursion (see
// tourSnapshot on the server), so a page of 2,000 tours is about a hundred records here.
//
// Every read the screens make is still one index range: an excursion's tours are one record, a day's
// tours are the records whose `dates` hold it, a tour by id is the record whose `ids` hold it. The rest
// of the app sees rows, as before, through this class (`db.tours`).

export type TourRow = Replicated<ReplicaTour>;

export interface TourGroup {
  /** The excursion whose tours these are: the record's key. */
  excursionID: EntityId;
  tours: TourRow[];
  /** The days of its tours not deleted locally, each once (multiEntry index). */
  dates: string[];
  /** Every tour's id (multiEntry index). */
  ids: EntityId[];
}

/** The record of one excursion's tours, or undefined when it has none left. */
export function groupOf(excursionID: EntityId, tours: readonly TourRow[]): TourGroup | undefined {
  if (tours.length === 0) return undefined;
  const dates = [...new Set(tours.flatMap((tour) => (tour._deleted ? [] : [tour.date])))];
  return { excursionID, tours: [...tours], dates, ids: tours.map((tour) => tour._id) };
}

/** Rows grouped into one record per excursion (for a fresh store: nothing is merged). */
export function groupTours(rows: readonly TourRow[]): TourGroup[] {
  const byExcursion = new Map<EntityId, TourRow[]>();
  for (const row of rows) {
    const list = byExcursion.get(row.excursionID);
    if (list) list.push(row);
    else byExcursion.set(row.excursionID, [row]);
  }
  return [...byExcursion].flatMap(([id, tours]) => groupOf(id, tours) ?? []);
}

// Every method returns Dexie's own promises (chained with `then`, never an `async` function): inside
// a caller's transaction, awaiting a native promise between two requests can let IndexedDB commit the
// transaction early (Dexie's PrematureCommitError), which a live query then throws into its screen.
const { Promise: DexiePromise } = Dexie;

export class TourStore {
  constructor(private readonly db: ReplicaDb) {}

  private get groups() {
    return this.db.tourGroups;
  }

  /** Runs `work` in the caller's transaction, or in one of its own over the tour records. */
  private write<T>(work: () => PromiseLike<T>): Promise<T> {
    return this.db.transaction('rw', this.groups, work);
  }

  private groupsHolding(ids: readonly EntityId[]): PromiseExtended<TourGroup[]> {
    if (ids.length === 0) return DexiePromise.resolve([]);
    return this.groups
      .where('ids')
      .anyOf([...ids])
      .toArray()
      .then((found) => [...new Map(found.map((group) => [group.excursionID, group])).values()]);
  }

  get(id: EntityId): PromiseExtended<TourRow | undefined> {
    return this.groups
      .where('ids')
      .equals(id)
      .first()
      .then((group) => group?.tours.find((tour) => tour._id === id));
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
    return this.groups
      .bulkGet([...excursionIds])
      .then((groups) => groups.flatMap((group) => group?.tours ?? []));
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

  /** The tours whose id starts with `prefix` (those created on this phone and not yet answered). */
  withIdPrefix(prefix: string): PromiseExtended<TourRow[]> {
    return this.groups
      .where('ids')
      .startsWith(prefix)
      .toArray()
      .then((groups) => {
        const unique = new Map(groups.map((group) => [group.excursionID, group]));
        return [...unique.values()].flatMap((group) =>
          group.tours.filter((tour) => tour._id.startsWith(prefix)),
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
      return this.groups.bulkGet(ids).then((stored) => {
        const groups = ids.flatMap((id, i) => {
          const merged = new Map((stored[i]?.tours ?? []).map((tour) => [tour._id, tour]));
          for (const row of byExcursion.get(id) ?? []) merged.set(row._id, row);
          return groupOf(id, [...merged.values()]) ?? [];
        });
        return this.groups.bulkPut(groups).then(() => undefined);
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

  /** Keeps only the tours `keep` accepts (a "start over" keeps those with local edits in flight). */
  keepOnly(keep: (tour: TourRow) => boolean): Promise<void> {
    return this.write(() => this.groups.toArray().then((groups) => this.rewrite(groups, keep)));
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
