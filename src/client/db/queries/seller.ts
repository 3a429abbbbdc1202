import type { EntityId, ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import type { RejectionRow, ReplicaDb, Replicated } from '../schema';
import { visible, visibleRow } from './rows';
import { compareTours } from './tours';
import { TOUR_TABLES } from '../tour-groups';

// A seller's own excursions and their schedule, read from the replica. The schedule editor also needs
// what ordinary screens hide: tours whose deletion is still queued, and the queue's marks on each row.

/** Refused first, then waiting for review, then published: what needs the seller comes first. */
const REVIEW_ORDER = { rejected: 0, pending: 1, published: 2 } as const;

/** The user's own excursions (pending and rejected ones too), by review status, then by title. */
export async function ownExcursions(db: ReplicaDb, ownerId: number): Promise<ReplicaExcursion[]> {
  const rows = visible(await db.excursions.where('ownerID').equals(ownerId).toArray());
  const rank = (e: ReplicaExcursion) => REVIEW_ORDER[e.moderation?.status ?? 'published'];
  return rows.sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title, 'ru'));
}

/** What the seller's excursion page sums up from the schedule. */
export interface SellerExcursionSummary {
  excursion: ReplicaExcursion;
  /** Tours from today onward. */
  upcomingTours: number;
  /** Places sold on those tours. */
  soldPlaces: number;
  /** The earliest of them, or null. */
  nextTour: ReplicaTour | null;
}

export async function sellerExcursionSummary(
  db: ReplicaDb,
  id: EntityId,
  today: string,
): Promise<SellerExcursionSummary | null> {
  return db.transaction('r', ['excursions', ...TOUR_TABLES], async () => {
    const excursion = visibleRow(await db.excursions.get(id));
    if (!excursion) return null;
    const tours = visible(await excursionTourRows(db, id, today)).sort(compareTours);
    return {
      excursion,
      upcomingTours: tours.length,
      soldPlaces: tours.reduce((sum, tour) => sum + tour.attendantsRegistred, 0),
      nextTour: tours[0] ?? null,
    };
  });
}

/** A tour as the schedule editor shows it. */
export interface ScheduleTour extends ReplicaTour {
  /** A change to it is queued and the server has not accepted it yet. */
  pending: boolean;
}

export interface ScheduleRows {
  /** The tours the schedule has, as far as this phone knows (queued creations included). */
  tours: ScheduleTour[];
  /** Tours whose deletion is queued: still on the server until it accepts. */
  deleting: ScheduleTour[];
}

async function excursionTourRows(
  db: ReplicaDb,
  id: EntityId,
  today: string,
): Promise<Replicated<ReplicaTour>[]> {
  return (await db.tours.ofExcursion(id)).filter((tour) => tour.date >= today);
}

/** The excursion's tours from `today`, by date and time, with the outbox's marks. */
export async function scheduleRows(db: ReplicaDb, id: EntityId, today: string): Promise<ScheduleRows> {
  const rows = (await excursionTourRows(db, id, today)).sort(compareTours);
  const view = ({
    _v: _version,
    _pending,
    _deleted: _gone,
    ...tour
  }: Replicated<ReplicaTour>): ScheduleTour => ({
    ...tour,
    pending: (_pending ?? 0) > 0,
  });
  return {
    tours: rows.filter((row) => !row._deleted).map(view),
    deleting: rows.filter((row) => row._deleted).map(view),
  };
}

/**
 * The newest refused schedule change of this excursion the user has not dismissed. A refused deletion
 * names only tour ids, so its tours (back in the replica after the rollback) say which excursion it was.
 */
export async function latestTourRejection(
  db: ReplicaDb,
  excursionId: EntityId,
): Promise<RejectionRow | null> {
  const unseen = await db.rejections.where('seen').equals(0).sortBy('at');
  for (const row of unseen.reverse()) {
    if (row.kind === 'tours.create') {
      const { tours } = row.payload as { tours: { excursionID: string }[] };
      if (tours.some((tour) => tour.excursionID === excursionId)) return row;
    } else if (row.kind === 'tours.delete') {
      const { tourIds } = row.payload as { tourIds: string[] };
      const tours = await db.tours.bulkGet(tourIds);
      if (tours.some((tour) => tour?.excursionID === excursionId)) return row;
    }
  }
  return null;
}
