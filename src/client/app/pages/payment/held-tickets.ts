import { holdMinutesLeft } from '../../../../domain/cancellation';
import type { TicketView } from '../../../db/queries/tickets';

// The tickets /payment offers when opened on its own (from the menu, a reload, another device): this
// user's unpaid bookings whose hold still lasts, the one ending first on top.

/** This user's unpaid tickets that carry a hold, whether or not it has run out yet. */
export function unpaidTickets(views: readonly TicketView[], userId: number | null): TicketView[] {
  if (userId === null) return [];
  return views.filter(
    ({ ticket }) =>
      ticket.status === 'to payment' && ticket.userID === userId && ticket.holdUntil !== undefined,
  );
}

export interface HeldTicket {
  view: TicketView;
  minutesLeft: number;
}

/** Of those, the ones still held at `now`, with their minutes left, the one ending first on top. */
export function heldTickets(views: readonly TicketView[], userId: number | null, now: Date): HeldTicket[] {
  return unpaidTickets(views, userId)
    .map((view) => ({ view, minutesLeft: holdMinutesLeft(view.ticket.holdUntil ?? '', now) }))
    .filter((held) => held.minutesLeft > 0)
    .sort((a, b) => Date.parse(a.view.ticket.holdUntil ?? '') - Date.parse(b.view.ticket.holdUntil ?? ''));
}
