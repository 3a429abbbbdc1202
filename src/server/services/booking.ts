// Booking: the rules (booking/rules.ts and book_ticket in the database), the two ways a booking is
// sent (booking/book.ts), and what happens to a ticket afterwards (booking/tickets.ts).

export { bookTicketFast, createTicket, TourChanged, type FastBooking } from './booking/book';
export {
  boundedLocks,
  PRODUCTION_BOOKING_GUARDS,
  withBoundedLocks,
  type BookingGuards,
} from './booking/guards';
export type { BookedPayment, BookingDeps, BookingResult } from './booking/statement';
export { changeTicketStatus, expireHolds, retakeSeats, ticketEvents } from './booking/tickets';
export { BOOKING_TEXTS, HOLD_MINUTES, LOCK_TIMEOUT_MS, MAX_UNPAID_HOLDS } from './booking/texts';
export {
  BOOKING_TOUR_CACHE_LIMIT,
  createBookingTourCache,
  type BookingTourCache,
} from './booking/tour-cache';
export { BOOKING_TOURS_READ, readBookingTour, readBookingTours, type BookingTour } from '../storage/bookings';
