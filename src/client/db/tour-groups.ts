import { isTemporaryTourId } from '../../domain/schedule-editor';
import type { EntityId, ReplicaTour } from '../../domain/types';
import type { Replicated } from './replicated';

// The records behind the replica's tours (tour-store.ts): one per excursion, and the tour directory's
// chunks, with the pure helpers that build them.

export type TourRow = Replicated<ReplicaTour>;

export interface TourGroup {
  /** The excursion whose tours these are: the record's key. */
  excursionID: EntityId;
  tours: TourRow[];
  /** The days of its tours not deleted locally, each once (multiEntry index). */
  dates: string[];
  /** The ids of its tours made on this phone and not yet answered (multiEntry index, usually empty). */
  local: EntityId[];
}

/**
 * One chunk of the tour directory: `tourIDs[i]` are tours of `excursionIDs[i]`. A tour never changes
 * its excursion, so an entry is never wrong; it may name a tour since deleted, which its excursion's
 * record then does not hold. Keys are random, never reused, so a tab knows which chunks it has read.
 */
export interface TourIdChunk {
  key: string;
  excursionIDs: EntityId[];
  tourIDs: EntityId[][];
}

/** The stores behind `db.tours`: a transaction that reads or writes tours lists both. */
export const TOUR_TABLES = ['tourGroups', 'tourIds'] as const;

/** Past this many chunks, a write merges them into one (each socket delta of new tours adds one). */
export const MAX_TOUR_ID_CHUNKS = 64;

/** The record of one excursion's tours, or undefined when it has none left. */
export function groupOf(excursionID: EntityId, tours: readonly TourRow[]): TourGroup | undefined {
  if (tours.length === 0) return undefined;
  const dates = [...new Set(tours.flatMap((tour) => (tour._deleted ? [] : [tour.date])))];
  const local = tours.flatMap((tour) => (isTemporaryTourId(tour._id) ? [tour._id] : []));
  return { excursionID, tours: [...tours], dates, local };
}

/** A directory chunk: each excursion with the ids of tours of it. */
export function chunkOf(entries: Iterable<readonly [EntityId, EntityId[]]>): TourIdChunk {
  const chunk: TourIdChunk = { key: crypto.randomUUID(), excursionIDs: [], tourIDs: [] };
  for (const [excursionID, tourIDs] of entries) {
    chunk.excursionIDs.push(excursionID);
    chunk.tourIDs.push(tourIDs);
  }
  return chunk;
}

/** The directory chunk naming every tour of these records. */
export function chunkOfGroups(groups: readonly Pick<TourGroup, 'excursionID' | 'tours'>[]): TourIdChunk {
  return chunkOf(groups.map((group) => [group.excursionID, group.tours.map((tour) => tour._id)] as const));
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
