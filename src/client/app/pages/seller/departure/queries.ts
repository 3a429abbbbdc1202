import { passengerName, partySize } from '../../../../../domain/boarding';
import type { EntityId, ManifestEntry, ReplicaExcursion, ReplicaTour } from '../../../../../domain/types';
import { visible, visibleRow } from '../../../../db/queries/rows';
import { compareTours } from '../../../../db/queries/tours';
import type { RejectionRow, ReplicaDb, Replicated } from '../../../../db/schema';
import { TOUR_TABLES } from '../../../../db/tour-groups';
import type { CheckInPayload } from '../../../../sync/outbox/checkin';

// A departure's passengers as the phone holds them: the seller's manifest rows (synced like tickets)
// beside the tour and its excursion. Everything is read from the replica, so the screens open offline.

/** A booking on the manifest, with the outbox's mark: its check-in has not reached the server yet. */
export interface ManifestRow extends ManifestEntry {
  pending: boolean;
}

export interface DepartureView {
  tourId: EntityId;
  excursionID: EntityId;
  date: string;
  time: string;
  /** Null once the departure was cancelled: its tour is gone and the tickets keep its slot. */
  tour: ReplicaTour | null;
  excursion: ReplicaExcursion | null;
  /** Every booking on the departure, live ones first, then by buyer's surname and name. */
  rows: ManifestRow[];
}

const LIVE_FIRST: Record<string, number> = { confirmed: 0, 'to payment': 1, cancelled: 2 };

function byStatusThenName(a: ManifestRow, b: ManifestRow): number {
  const rank = (row: ManifestRow) => LIVE_FIRST[row.status] ?? 1;
  const name = (row: ManifestRow) => passengerName(row.buyer);
  return rank(a) - rank(b) || name(a).localeCompare(name(b), 'ru') || (a._id < b._id ? -1 : 1);
}

function manifestRow({
  _v: _version,
  _pending,
  _deleted: _gone,
  ...entry
}: Replicated<ManifestEntry>): ManifestRow {
  return { ...entry, pending: (_pending ?? 0) > 0 };
}

/** The departure `tourId`, or null when the phone knows neither its tour nor any booking on it. */
export async function departureView(db: ReplicaDb, tourId: EntityId): Promise<DepartureView | null> {
  return db.transaction('r', ['manifest', 'excursions', ...TOUR_TABLES], async () => {
    const tour = visibleRow(await db.tours.get(tourId)) ?? null;
    const entries = visible(await db.manifest.where('tourID').equals(tourId).toArray());
    const slot = tour ?? entries[0];
    if (!slot) return null;
    const excursion = visibleRow(await db.excursions.get(slot.excursionID)) ?? null;
    return {
      tourId,
      excursionID: slot.excursionID,
      date: slot.date,
      time: slot.time,
      tour,
      excursion,
      rows: entries.map(manifestRow).sort(byStatusThenName),
    };
  });
}

/** A departure as the seller's excursion page lists it. */
export interface DepartureLine {
  tour: ReplicaTour;
  /** People on live (held or paid) tickets. */
  booked: number;
  /** People checked in. */
  boarded: number;
}

/** The excursion's departures from `today` on, by date and time, counted from the manifest. */
export async function upcomingDepartures(
  db: ReplicaDb,
  excursionId: EntityId,
  today: string,
): Promise<DepartureLine[]> {
  return db.transaction('r', ['manifest', ...TOUR_TABLES], async () => {
    const tours = visible(await db.tours.ofExcursion(excursionId))
      .filter((tour) => tour.date >= today)
      .sort(compareTours);
    const entries = visible(
      await db.manifest
        .where('tourID')
        .anyOf(tours.map((tour) => tour._id))
        .toArray(),
    );
    return tours.map((tour) => {
      const mine = entries.filter((entry) => entry.tourID === tour._id && entry.status !== 'cancelled');
      return {
        tour,
        booked: mine.reduce((sum, entry) => sum + partySize(entry), 0),
        boarded: mine.reduce((sum, entry) => sum + (entry.checkedInAt ? partySize(entry) : 0), 0),
      };
    });
  });
}

/** Check-ins of this departure the server refused and the guide has not dismissed, newest first. */
export async function boardingConflicts(db: ReplicaDb, tourId: EntityId): Promise<RejectionRow[]> {
  return db.transaction('r', ['rejections', 'manifest'], async () => {
    const unseen = (await db.rejections.where('seen').equals(0).sortBy('at')).filter(
      (row) => row.kind === 'ticket.checkin',
    );
    const tickets = await db.manifest.bulkGet(unseen.map((row) => (row.payload as CheckInPayload).ticketId));
    return unseen.filter((_, i) => tickets[i]?.tourID === tourId).reverse();
  });
}
