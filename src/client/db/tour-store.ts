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

export class TourStore {
  constructor(private readonly db: ReplicaDb) {}

  private get groups() {
    return this.db.tourGroups;
  }

  /** Runs `work` in the caller's transaction, or in one of its own over the tour records. */
  private write<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction('rw', this.groups, work);
  }

  private async groupsHolding(ids: readonly EntityId[]): Promise<TourGroup[]> {
    if (ids.length === 0) return [];
    const found = await this.groups
      .where('ids')
      .anyOf([...ids])
      .toArray();
    // A record holding two of the ids is found twice.
    return [...new Map(found.map((group) => [group.excursionID, group])).values()];
  }

  async get(id: EntityId): Promise<TourRow | undefined> {
    const group = await this.groups.where('ids').equals(id).first();
    return group?.tours.find((tour) => tour._id === id);
  }

  /** The tours of these ids, in their order; undefined where there is none. */
  async bulkGet(ids: readonly EntityId[]): Promise<(TourRow | undefined)[]> {
    const byId = new Map<EntityId, TourRow>();
    for (const group of await this.groupsHolding(ids))
      for (const tour of group.tours) byId.set(tour._id, tour);
    return ids.map((id) => byId.get(id));
  }

  /** Every tour, in no particular order. */
  async toArray(): Promise<TourRow[]> {
    return (await this.groups.toArray()).flatMap((group) => group.tours);
  }

  async count(): Promise<number> {
    let count = 0;
    await this.groups.each((group) => {
      count += group.tours.length;
    });
    return count;
  }

  /** One excursion's tours (one record), in no particular order. */
  async ofExcursion(excursionId: EntityId): Promise<TourRow[]> {
    return (await this.groups.get(excursionId))?.tours ?? [];
  }

  /** Several excursions' tours (one record each), in no particular order. */
  async ofExcursions(excursionIds: readonly EntityId[]): Promise<TourRow[]> {
    return (await this.groups.bulkGet([...excursionIds])).flatMap((group) => group?.tours ?? []);
  }

  /** Every tour dated `today` or later: one read of every record (a few per excursion on a phone). */
  async from(today: string): Promise<TourRow[]> {
    const groups = await this.groups.toArray();
    return groups.flatMap((group) => group.tours.filter((tour) => tour.date >= today));
  }

  /** The tours on `date`, from the records whose undeleted tours include that day. */
  async onDate(date: string): Promise<TourRow[]> {
    const groups = await this.groups.where('dates').equals(date).toArray();
    return groups.flatMap((group) => group.tours.filter((tour) => tour.date === date));
  }

  /** The days from `today` with at least one tour not deleted locally, in calendar order. */
  async daysFrom(today: string): Promise<string[]> {
    return (await this.groups.where('dates').aboveOrEqual(today).uniqueKeys()) as string[];
  }

  /** The tours whose id starts with `prefix` (those created on this phone and not yet answered). */
  async withIdPrefix(prefix: string): Promise<TourRow[]> {
    const groups = await this.groups.where('ids').startsWith(prefix).toArray();
    const unique = new Map(groups.map((group) => [group.excursionID, group]));
    return [...unique.values()].flatMap((group) => group.tours.filter((tour) => tour._id.startsWith(prefix)));
  }

  /** Stores these rows, replacing tours of the same id. A tour never changes its excursion. */
  put(row: TourRow): Promise<void> {
    return this.bulkPut([row]);
  }

  bulkPut(rows: readonly TourRow[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return this.write(async () => {
      const byExcursion = new Map<EntityId, TourRow[]>();
      for (const row of rows)
        byExcursion.set(row.excursionID, [...(byExcursion.get(row.excursionID) ?? []), row]);
      const ids = [...byExcursion.keys()];
      const stored = await this.groups.bulkGet(ids);
      const groups = ids.flatMap((id, i) => {
        const merged = new Map((stored[i]?.tours ?? []).map((tour) => [tour._id, tour]));
        for (const row of byExcursion.get(id) ?? []) merged.set(row._id, row);
        return groupOf(id, [...merged.values()]) ?? [];
      });
      await this.groups.bulkPut(groups);
    });
  }

  delete(id: EntityId): Promise<void> {
    return this.bulkDelete([id]);
  }

  bulkDelete(ids: readonly EntityId[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.write(async () => {
      const gone = new Set(ids);
      await this.rewrite(await this.groupsHolding(ids), (tour) => !gone.has(tour._id));
    });
  }

  /** Keeps only the tours `keep` accepts (a "start over" keeps those with local edits in flight). */
  keepOnly(keep: (tour: TourRow) => boolean): Promise<void> {
    return this.write(async () => this.rewrite(await this.groups.toArray(), keep));
  }

  async clear(): Promise<void> {
    await this.groups.clear();
  }

  private async rewrite(groups: readonly TourGroup[], keep: (tour: TourRow) => boolean): Promise<void> {
    const changed = groups.filter((group) => !group.tours.every(keep));
    const kept = changed.map((group) => groupOf(group.excursionID, group.tours.filter(keep)));
    await Promise.all([
      this.groups.bulkPut(kept.filter((group) => group !== undefined)),
      this.groups.bulkDelete(changed.filter((_, i) => !kept[i]).map((group) => group.excursionID)),
    ]);
  }
}
