import { formatCrimeaInstant } from '../../../domain/cancellation';
import type { Ticket } from '../../../domain/types';
import { replicaTour } from '../../../protocol/sync';
import type { MutationResult } from '../mutation';
import type { ServerEvent } from '../../realtime/events';
import {
  cancelExpiredHolds,
  cancelTicket,
  lockTicket,
  reactivateSeats,
  ticketFitsAgain,
} from '../../storage/bookings';
import { bumpTour } from '../../storage/catalogue';
import type { Queryable } from '../../storage/db';
import { insertRefund, unrefundedPayments } from '../../storage/refunds';
import { findTicket } from '../../storage/tickets';
import { sellersOfTickets } from '../../storage/manifest';
import { manifestNudge, onceEachNudge } from '../seller-alerts';
import { ticketUpdate } from '../ticket-update';
import type { Principal } from '../../storage/users';
import { ServiceError } from '../errors';
import { newEntityId } from '../ids';
import { PRODUCTION_BOOKING_GUARDS, withBoundedLocks, type BookingGuards } from './guards';
import { BOOKING_TEXTS } from './texts';

// A ticket after its booking: cancelled by its owner or an admin, run out (the hold sweeper), or
// paid late (payments/confirm.ts). Each takes the tour's lock before the ticket's.

/**
 * Bumps the tour (its seats changed) and reports the ticket to its owner, the tour to everyone, and
 * the change to the excursion's seller, whose manifest holds the ticket. `seller`, when the caller
 * knows it (null: nobody sells it), saves looking it up.
 */
export async function ticketEvents(
  tx: Queryable,
  ticketId: string,
  userId: number,
  action: 'ticket_added' | 'ticket_removed' | null,
  seller?: number | null,
): Promise<ServerEvent[]> {
  const ticket = await findTicket(tx, ticketId);
  if (!ticket) return [];
  const tour = await bumpTour(tx, ticket.row.tourID);
  const events: ServerEvent[] = [
    ticketUpdate(userId, ticket),
    ...(await manifestNudge(tx, ticketId, seller)),
  ];
  if (action)
    events.push({ channel: 'USER_UPDATE', userId, data: { user_id: userId, action, ticket_id: ticketId } });
  if (tour)
    events.push({
      channel: 'TOUR_UPDATE',
      data: { action: 'update', tour_id: tour.row._id, tour: replicaTour(tour.row), version: tour.version },
    });
  return events;
}

/**
 * Cancels tickets whose 15-minute hold ran out, freeing their seats (the sweeper; a booking frees
 * its tour's in book_ticket). A tour or a ticket another transaction holds is skipped: that one is
 * booking or confirming right now, and the next sweep comes back to it.
 */
export async function expireHolds(
  tx: Queryable,
  now: Date,
  guards: Readonly<BookingGuards> = PRODUCTION_BOOKING_GUARDS,
): Promise<ServerEvent[]> {
  if (!guards.expireHolds) return [];
  const lapsed = await cancelExpiredHolds(tx, now);
  if (lapsed.length === 0) return [];
  // One look-up of the sellers for the whole sweep, not one per lapsed hold.
  const ids = lapsed.map((row) => row.id);
  const sellers = await sellersOfTickets(tx, ids);
  const events: ServerEvent[] = [];
  for (const row of lapsed)
    events.push(...(await ticketEvents(tx, row.id, row.user_id, null, sellers.get(row.id) ?? null)));
  return onceEachNudge(events);
}

/**
 * A payment that arrived after its hold ran out: the ticket's seats (or places) come back only if
 * nobody has them now. The caller holds the tour lock.
 */
export async function retakeSeats(
  tx: Queryable,
  ticket: { id: string; tour_id: string; adults: number; kids: number },
): Promise<boolean> {
  if (!(await ticketFitsAgain(tx, ticket))) return false;
  await reactivateSeats(tx, ticket.id);
  return true;
}

/**
 * PATCH /api/tickets/{id}: the owner cancels an unpaid ticket, or a paid one before its
 * free-cancellation window ends; an admin may cancel any. A paid ticket's payments are owed back in
 * the same transaction (payments/refunds.ts sends them after the commit). Seats come back at once.
 */
export async function changeTicketStatus(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  status: string,
  now: Date,
  guards: Readonly<BookingGuards> = PRODUCTION_BOOKING_GUARDS,
): Promise<MutationResult> {
  return withBoundedLocks(tx, () => setTicketStatus(tx, principal, ticketId, status, now, guards), guards);
}

async function setTicketStatus(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  status: string,
  now: Date,
  guards: Readonly<BookingGuards>,
): Promise<MutationResult> {
  const row = await lockTicket(tx, ticketId, guards.tourFirst);
  if (!row) throw new ServiceError('notFound', BOOKING_TEXTS.ticketNotFound);
  const admin = principal.role === 'admin';
  if (row.user_id !== principal.id && !admin)
    throw new ServiceError('forbidden', BOOKING_TEXTS.notYourTicket);
  if (status === row.status) {
    const same = await findTicket(tx, ticketId);
    return { status: 200, body: same?.row, events: [] };
  }
  if (status === 'confirmed') throw new ServiceError('conflict', BOOKING_TEXTS.confirmOnlyByPayment);
  if (status !== 'cancelled')
    throw new ServiceError('conflict', BOOKING_TEXTS.transition(row.status, status));
  if (row.status !== 'to payment' && row.status !== 'confirmed')
    throw new ServiceError('conflict', BOOKING_TEXTS.transition(row.status, status));
  if (row.status === 'confirmed' && !admin) await refuseOutsideWindow(tx, ticketId, now);

  const reason = row.user_id === principal.id ? 'owner' : 'admin';
  await cancelTicket(tx, ticketId, reason);
  for (const payment of await unrefundedPayments(tx, ticketId))
    await insertRefund(tx, {
      id: newEntityId(now),
      ticketId,
      paymentId: payment.id,
      amount: payment.amount,
      reason,
    });
  const events = await ticketEvents(tx, ticketId, row.user_id, 'ticket_removed');
  const ticket: Ticket | undefined = (await findTicket(tx, ticketId))?.row;
  return { status: 200, body: ticket, events };
}

/** A paid ticket is the owner's to cancel only until its free-cancellation window ends. */
async function refuseOutsideWindow(tx: Queryable, ticketId: string, now: Date): Promise<void> {
  const deadline = (await findTicket(tx, ticketId))?.row.freeCancelUntil;
  if (deadline && now.getTime() < Date.parse(deadline)) return;
  throw new ServiceError(
    'forbidden',
    deadline
      ? BOOKING_TEXTS.freeCancelOver(formatCrimeaInstant(new Date(deadline)))
      : BOOKING_TEXTS.cannotCancelPaid,
  );
}
