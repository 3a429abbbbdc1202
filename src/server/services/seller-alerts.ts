import type { Ticket } from '../../domain/types';
import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import { sellerOfTicket } from '../storage/manifest';
import type { MutationResult } from './mutation';

// What the seller hears of the bookings on their departures: every change of a ticket nudges their
// manifest (a TICKET_UPDATE addressed to them, without the ticket: the buyer's ticket is not theirs
// to hold, so their app pulls its manifest instead), and a payment or the cancel of a paid ticket is
// also mailed to them (payments/seller-mail.ts), after the commit.

export type SellerAlertKind = 'paid' | 'cancelled';

/** The event that makes the seller's app pull its manifest. */
export function manifestUpdate(sellerId: number): ServerEvent {
  return { channel: 'TICKET_UPDATE', userId: sellerId, data: { user_id: sellerId } };
}

/**
 * The nudge for the seller of a ticket's excursion; none when nobody sells it any more. A caller that
 * knows the seller (null: nobody) passes it, and the ticket is not looked up.
 */
export async function manifestNudge(
  tx: Queryable,
  ticketId: string,
  seller?: number | null,
): Promise<ServerEvent[]> {
  const sellerId = seller === undefined ? await sellerOfTicket(tx, ticketId) : seller;
  return sellerId === null ? [] : [manifestUpdate(sellerId)];
}

/**
 * The events with each seller's nudge once: a change of many tickets (the hold sweeper) needs one
 * pull of the manifest, not one per ticket.
 */
export function onceEachNudge(events: ServerEvent[]): ServerEvent[] {
  const nudged = new Set<number>();
  return events.filter((event) => {
    if (event.channel !== 'TICKET_UPDATE' || event.data.ticket !== undefined) return true;
    if (nudged.has(event.userId)) return false;
    nudged.add(event.userId);
    return true;
  });
}

/**
 * Whether a status change (PATCH /api/tickets/{id}) cancelled a paid ticket just now: it changed
 * something (a repeated cancel announces nothing) and the cancelled ticket owes its payment back.
 */
export function cancelledPaidTicket(result: MutationResult): boolean {
  const ticket = result.body as Ticket | undefined;
  return result.events.length > 0 && ticket?.status === 'cancelled' && ticket.refund !== undefined;
}
