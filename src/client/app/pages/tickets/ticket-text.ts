import { formatTourDate } from '../../../../domain/dates';
import { seatsLabel } from '../../../../domain/plural';
import type { TicketView } from '../../../db/queries/tickets';

// What the list and the detail both say about a ticket.

/** '23 ноября, 09:00' from the tour, or from the ticket's own copy of it when the tour is gone. */
export function ticketWhen(view: TicketView): string | null {
  const when = view.tour ?? view.ticket.tour;
  return when ? formatTourDate(when.date, when.time) : null;
}

/** '3 места': one place per person, whether or not the bus has numbered seats. */
export function ticketSeatsLabel(view: TicketView): string {
  return seatsLabel(view.ticket.adults + view.ticket.kids);
}
