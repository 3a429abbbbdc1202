import { formatDisplayDate, formatTourDate, normaliseTime } from '../../../../domain/dates';
import { seatsLabel } from '../../../../domain/plural';
import type { TicketView } from '../../../db/queries/tickets';
import { TICKET } from './strings';

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

const slotText = (slot: { date: string; time: string }) =>
  TICKET.slot(formatDisplayDate(slot.date).slice(0, 5), normaliseTime(slot.time) ?? slot.time);

/**
 * What the seller told the buyer about the departure: cancelled, with the reason, or moved, from when
 * to when; null when the departure runs as booked.
 */
export function tourNoticeText(view: TicketView): string | null {
  const { ticket } = view;
  const notice = ticket.tourNotice;
  if (notice?.kind === 'cancelled') return TICKET.tourCancelledBecause(notice.reason);
  if (notice?.kind === 'moved') {
    const to = view.tour ?? ticket.tour;
    if (notice.from && to) return TICKET.tourMoved(slotText(notice.from), slotText(to), notice.reason);
    return TICKET.tourMovedBecause(notice.reason);
  }
  if (ticket.status === 'cancelled' && ticket.cancelReason === 'tour_cancelled') return TICKET.tourCancelled;
  return null;
}
