import { crimeaNowKey, tourDateTimeKey } from '../../../domain/dates';
import { entryPrice, totalPrice } from '../../../domain/pricing';
import type { TicketService } from '../../../domain/types';
import type { CreateTicketRequest } from '../../../protocol/tickets';
import type { BookingTour } from '../../storage/bookings';
import type { Principal } from '../../storage/users';
import { ServiceError } from '../errors';
import { BOOKING_TEXTS } from './texts';

// The booking's rules that need no other ticket: the request against the caller, the tour and its
// excursion. They run before book_ticket, which has the rules that count and lock (migration 9).
// Prices come from the excursion, never from the body; a body that disagrees was built from stale
// data and is refused.

/** Who is booked: the caller, or anyone for an admin. Refused before anything is read. */
export function bookedUser(principal: Principal, request: CreateTicketRequest): number {
  if (request.userID !== principal.id && principal.role !== 'admin')
    throw new ServiceError('forbidden', BOOKING_TEXTS.forOther);
  if (request.adults < 1) throw new ServiceError('invalid', BOOKING_TEXTS.noAdults);
  return principal.role === 'admin' ? request.userID : principal.id;
}

export function capacityOf(tour: BookingTour): number {
  return tour.bus_type === 'none' ? tour.max_attendants : tour.available_seats.length;
}

/** The refusals that need only the tour and its excursion: asked before anything is counted. */
export function checkTour(
  tour: BookingTour | undefined,
  request: CreateTicketRequest,
  now: Date,
): asserts tour is BookingTour {
  if (!tour) throw new ServiceError('notFound', BOOKING_TEXTS.tourNotFound);
  if (tour.excursion_status !== 'published')
    throw new ServiceError('conflict', BOOKING_TEXTS.excursionClosed);
  if (tourDateTimeKey(tour.date, tour.time) <= crimeaNowKey(now))
    throw new ServiceError('conflict', BOOKING_TEXTS.tourPast);
  if (!tour.assembly_points.includes(request.assemblyPoint))
    throw new ServiceError('invalid', BOOKING_TEXTS.assemblyPoint);
  if (request.kids > 0 && !tour.children_allowed) throw new ServiceError('invalid', BOOKING_TEXTS.noChildren);
}

/**
 * The seats asked for, checked against the bus (not against other tickets), in the order to write
 * them: ascending unless `ordered` is off (a test's control run). Seats written in ascending order,
 * one row after another, make two bookings that want overlapping seats meet at the lowest shared
 * seat, never waiting for each other crosswise.
 */
export function checkSeats(tour: BookingTour, request: CreateTicketRequest, ordered = true): number[] {
  const seats = ordered ? [...request.seats].sort((a, b) => a - b) : [...request.seats];
  if (tour.bus_type === 'none') {
    if (seats.length > 0) throw new ServiceError('invalid', BOOKING_TEXTS.noSeatsExpected);
    return seats;
  }
  if (seats.length !== request.adults + request.kids || new Set(seats).size !== seats.length)
    throw new ServiceError('invalid', BOOKING_TEXTS.seatCount);
  for (const seat of seats) {
    if (tour.reserved_seats.includes(seat))
      throw new ServiceError('conflict', BOOKING_TEXTS.seatReserved(seat));
    if (!tour.available_seats.includes(seat))
      throw new ServiceError('invalid', BOOKING_TEXTS.seatMissing(seat));
  }
  return seats;
}

export interface Priced {
  services: TicketService[];
  price: number;
  entry: number;
}

/** The services and both prices from the excursion; a body that disagrees is refused. */
export function priceBooking(tour: BookingTour, request: CreateTicketRequest): Priced {
  const services: TicketService[] = [];
  for (const wanted of request.services) {
    const offered = tour.services.find((s) => s.name === wanted.name);
    if (!offered || offered.price !== wanted.price)
      throw new ServiceError('conflict', BOOKING_TEXTS.service(wanted.name));
    if (!services.some((s) => s.name === offered.name)) services.push({ ...offered, selected: true });
  }
  const party = { adults: request.adults, kids: request.kids };
  const price = totalPrice({ adultPrice: tour.adult_price, kidPrice: tour.kid_price }, party, services);
  const entry = entryPrice(
    { adultEntryPrice: tour.adult_entry_price, kidEntryPrice: tour.kid_entry_price },
    party,
  );
  if (price !== request.excursionPrice || entry !== request.entryPrice)
    throw new ServiceError('conflict', BOOKING_TEXTS.priceChanged);
  return { services, price, entry };
}
