// Pre-sold parties that make the demo look lived-in: tours in the coming days are partly sold and a
// few are nearly full. Everything is derived from seeded randomness per tour, and the tour's derived
// fields (takenSeats, emptySeats, attendantsRegistred) are updated to match the bookings exactly.
import type { Excursion, Tour } from '../../domain/types';
import type { DemoBooking } from './model';
import { createRng, type Rng } from './prng';
import type { ScheduledTour } from './schedule';

/** Tours this close to today get the "nearly full" guarantee. */
const NEARLY_FULL_WINDOW = 10;
/** At least this many tours in that window end with 1–4 free places. */
const NEARLY_FULL_MIN = 6;

/** Places a tour can sell: seat count for buses, the visitor cap for 'none'. */
export function capacityOf(excursion: Excursion): number {
  return excursion.busType === 'none' ? excursion.maxAttendants : excursion.availableSeats.length;
}

/** Places still free on a tour given its current derived fields. */
export function freePlaces(excursion: Excursion, tour: Tour): number {
  return excursion.busType === 'none'
    ? excursion.maxAttendants - tour.attendantsRegistred
    : tour.emptySeats.length;
}

/** Share of places sold on average, falling off with lead time like real demand does. */
function demand(dayOffset: number): number {
  if (dayOffset <= 2) return 0.5;
  if (dayOffset <= 7) return 0.3;
  if (dayOffset <= 14) return 0.14;
  if (dayOffset <= 21) return 0.05;
  return 0;
}

function partySize(rng: Rng, max: number): number {
  const r = rng.next();
  const size = r < 0.15 ? 1 : r < 0.6 ? 2 : r < 0.8 ? 3 : 4;
  return Math.min(size, max);
}

/** Sells one party on the tour, mutating the tour's derived fields, and returns the booking. */
function sellParty(rng: Rng, excursion: Excursion, tour: Tour, size: number): DemoBooking {
  const kids =
    excursion.childrenAllowed && size >= 2 && rng.chance(0.45) ? rng.int(1, Math.max(1, size - 1)) : 0;
  const adults = size - kids;
  let seats: number[] = [];
  if (excursion.busType === 'none') {
    // No seat numbers: takenSeats holds placeholders 1..n so its length is the number of people.
    const start = tour.takenSeats.length;
    tour.takenSeats = [...tour.takenSeats, ...Array.from({ length: size }, (_, i) => start + i + 1)];
  } else {
    // Parties sit together: take consecutive free seats from a random starting point.
    const free = tour.emptySeats;
    const start = rng.int(0, Math.max(0, free.length - size));
    seats = free.slice(start, start + size);
    const taken = new Set(seats);
    tour.emptySeats = free.filter((s) => !taken.has(s));
    tour.takenSeats = [...tour.takenSeats, ...seats].sort((a, b) => a - b);
  }
  tour.attendantsRegistred += size;
  return { tourID: tour._id, seats, adults, kids, assemblyPoint: rng.pick(excursion.assemblyPoints) };
}

/** Sells parties until at most `targetFree` places remain (never below one free place). */
function fillTo(rng: Rng, excursion: Excursion, tour: Tour, targetFree: number, out: DemoBooking[]): void {
  const floor = Math.max(1, targetFree);
  for (let left = freePlaces(excursion, tour); left > floor; left = freePlaces(excursion, tour)) {
    out.push(sellParty(rng, excursion, tour, partySize(rng, left - floor)));
  }
}

/**
 * Generates bookings for the scheduled tours and applies them to the tours in place.
 * Returns the bookings in tour order.
 */
export function bookTours(scheduled: ScheduledTour[], excursions: Map<string, Excursion>): DemoBooking[] {
  const bookings: DemoBooking[] = [];
  const nearlyFull = new Set<string>();
  for (const { tour, dayOffset } of scheduled) {
    const excursion = excursions.get(tour.excursionID);
    if (!excursion) throw new Error(`Tour ${tour._id} has no excursion`);
    const rng = createRng(`booking:${tour._id}:${dayOffset}`);
    const capacity = capacityOf(excursion);
    const popularity = 0.5 + excursion.popularity / 2000;
    if (dayOffset <= NEARLY_FULL_WINDOW && rng.chance(0.1 * popularity)) {
      fillTo(rng, excursion, tour, rng.int(1, 4), bookings);
      nearlyFull.add(tour._id);
      continue;
    }
    const share = demand(dayOffset) * popularity * rng.range(0.3, 1.3);
    // Ordinary tours keep at least 5 places free so that "nearly full" stays a deliberate state.
    const target = Math.max(5, Math.round(capacity * (1 - share)));
    if (target < capacity) fillTo(rng, excursion, tour, target, bookings);
  }
  // Guarantee a handful of nearly full tours in the coming days, preferring popular excursions.
  const candidates = scheduled
    .filter(
      ({ tour, dayOffset }) => dayOffset >= 1 && dayOffset <= NEARLY_FULL_WINDOW && !nearlyFull.has(tour._id),
    )
    .sort(
      (a, b) =>
        (excursions.get(b.tour.excursionID)?.popularity ?? 0) -
          (excursions.get(a.tour.excursionID)?.popularity ?? 0) || a.dayOffset - b.dayOffset,
    );
  for (const { tour } of candidates) {
    if (nearlyFull.size >= NEARLY_FULL_MIN) break;
    const excursion = excursions.get(tour.excursionID);
    if (!excursion) continue;
    fillTo(createRng(`top-up:${tour._id}`), excursion, tour, 2, bookings);
    nearlyFull.add(tour._id);
  }
  // Keep bookings grouped by tour in schedule order, which reads naturally when seeding.
  const order = new Map(scheduled.map(({ tour }, i) => [tour._id, i]));
  return bookings.sort((a, b) => (order.get(a.tourID) ?? 0) - (order.get(b.tourID) ?? 0));
}
