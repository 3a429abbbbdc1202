import { holdMinutesLeft } from '../../../../domain/cancellation';
import type { Ticket, TicketRefund } from '../../../../domain/types';
import { parseInstant } from '../../components/money/money-text';

// What a ticket's page offers about money at a given instant: pay a held ticket, book again after a
// lapsed hold, cancel a paid ticket for a refund while the window is open, or follow the refund.

export type TicketOffer =
  /** Unpaid and held: pay, with the whole minutes left (null when the hold's end is unknown). */
  | { kind: 'pay'; minutesLeft: number | null }
  /** Unpaid, and the hold has run out on the clock before the server said so. */
  | { kind: 'hold-ran-out' }
  /** Cancelled because the hold lapsed unpaid. */
  | { kind: 'lapsed' }
  /** Cancelled with a refund. */
  | { kind: 'refund'; refund: TicketRefund }
  /** Paid, and the free cancellation is still open until `until`. */
  | { kind: 'free-cancel'; until: Date }
  /** Paid, and the free cancellation ended at `until`. */
  | { kind: 'free-cancel-over'; until: Date }
  | { kind: 'none' };

export function ticketOffer(ticket: Ticket, now: Date): TicketOffer {
  switch (ticket.status) {
    case 'to payment': {
      const holdUntil = parseInstant(ticket.holdUntil);
      if (!holdUntil) return { kind: 'pay', minutesLeft: null };
      const minutesLeft = holdMinutesLeft(holdUntil, now);
      return minutesLeft > 0 ? { kind: 'pay', minutesLeft } : { kind: 'hold-ran-out' };
    }
    case 'confirmed': {
      const until = parseInstant(ticket.freeCancelUntil);
      if (!until) return { kind: 'none' };
      return now.getTime() < until.getTime()
        ? { kind: 'free-cancel', until }
        : { kind: 'free-cancel-over', until };
    }
    case 'cancelled':
      if (ticket.refund) return { kind: 'refund', refund: ticket.refund };
      return ticket.cancelReason === 'hold_expired' ? { kind: 'lapsed' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** The instant the page's clock counts down to: the hold's end, or the free-cancellation deadline. */
export function offerDeadline(ticket: Ticket): string | undefined {
  if (ticket.status === 'to payment') return ticket.holdUntil;
  if (ticket.status === 'confirmed') return ticket.freeCancelUntil;
  return undefined;
}
