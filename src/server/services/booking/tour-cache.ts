import type { BookingTour } from '../../storage/bookings';

/** Tour rows a process keeps for the short way: 20,000 rows hold a few megabytes (see sharedWith). */
export const BOOKING_TOUR_CACHE_LIMIT = 20_000;

/**
 * Tour rows the short way has read, per database (one per app). A row may be out of date: book_ticket
 * compares it with the tour and the excursion's version under the lock, and a booking refused on an
 * old row is tried again on a fresh one, so a stale row costs one round trip, never a wrong answer.
 */
export interface BookingTourCache {
  get(id: string): BookingTour | undefined;
  set(tour: BookingTour): void;
  delete(id: string): void;
}

/**
 * The rows most recently used, up to `limit`. Least recently used goes first: bookings keep coming
 * to the tours people are buying, and a catalogue with more bookable tours than the limit keeps
 * its busy ones. (Forgetting everything at the limit would, once a server had run a while, read the
 * tour again for about one booking in three: computed for 5,400 tours booked at random.)
 */
export function createBookingTourCache(limit = BOOKING_TOUR_CACHE_LIMIT): BookingTourCache {
  const rows = new Map<string, BookingTour>();
  const excursions = new Map<string, BookingTour>();
  return {
    get(id) {
      const row = rows.get(id);
      if (row) {
        // A Map iterates in insertion order: re-inserting makes this row the most recently used.
        rows.delete(id);
        rows.set(id, row);
      }
      return row;
    },
    set(read) {
      const tour = sharedWith(excursions, read);
      rows.delete(tour.id);
      rows.set(tour.id, tour);
      if (rows.size > limit) rows.delete(rows.keys().next().value as string);
    },
    delete: (id) => void rows.delete(id),
  };
}

/**
 * The row with its excursion's texts, seats and services taken from an earlier row of the same
 * excursion version, so the tours of one excursion hold one copy of them (about 1.1 KB a row
 * otherwise). `excursions` keeps the latest row read of each excursion.
 */
function sharedWith(excursions: Map<string, BookingTour>, tour: BookingTour): BookingTour {
  const seen = excursions.get(tour.excursion_id);
  if (!seen || seen.excursion_version !== tour.excursion_version) {
    excursions.set(tour.excursion_id, tour);
    return tour;
  }
  return {
    ...tour,
    title: seen.title,
    available_seats: seen.available_seats,
    reserved_seats: seen.reserved_seats,
    services: seen.services,
    assembly_points: seen.assembly_points,
  };
}
