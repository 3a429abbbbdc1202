import type { Logger } from '../log';
import type { ServerEvent } from '../realtime/events';
import { boundedLocks, retakeSeats, ticketEvents, withBoundedLocks } from '../services/booking';
import { newEntityId } from '../services/ids';
import { cancelTicket } from '../storage/bookings';
import type { Db, Queryable } from '../storage/db';
import {
  confirmPaidTicket,
  findByProviderId,
  findReferrer,
  lockPaidTicket,
  lockPaymentStatus,
  markCanceled,
  markSucceeded,
  payBonus,
  type PaidTicketRow,
  type PaymentRow,
} from '../storage/payments';
import { insertRefund } from '../storage/refunds';
import type { PaymentProvider } from './provider';

// A payment becomes a confirmed ticket only here, and only on the provider's own word: the
// notification names a payment, and the provider is asked for it. Duplicates and stale events find
// the ticket already settled and change nothing. A payment that arrives after its hold ran out takes
// the seats back only if they are still free (under the tour lock); a payment for a ticket that is
// paid already, or was cancelled by its owner or an admin, or whose seats are gone, is owed back in
// full (payments/refunds.ts sends it after the commit).

export type ConfirmOutcome = 'confirmed' | 'duplicate' | 'ignored' | 'refunded' | 'canceled';

export interface ConfirmDeps {
  db: Db;
  provider: PaymentProvider;
  log: Logger;
  publish: (events: ServerEvent[]) => void;
  now: () => Date;
  /** Referral bonus, percent of the ticket's price (REFERRAL_BONUS_PERCENT, 5 by default). */
  bonusPercent: number;
  /** Sends the ticket's refunds that are due (payments/refunds.ts), after the commit. */
  sendRefunds: (ticketId: string) => Promise<void>;
  /** Sends the buyer the confirmation (payments/ticket-mail.ts); never throws. */
  paid: (ticketId: string) => Promise<void>;
}

export async function processNotification(
  deps: ConfirmDeps,
  providerPaymentId: string,
): Promise<ConfirmOutcome> {
  const remote = await deps.provider.fetch(providerPaymentId);
  if (!remote) return 'ignored';
  const payment = await findByProviderId(deps.db, remote.id);
  if (!payment || (remote.paymentId !== null && remote.paymentId !== payment.id)) return 'ignored';
  if (remote.status === 'canceled') {
    await markCanceled(deps.db, payment.id);
    return 'canceled';
  }
  if (remote.status !== 'succeeded') return 'ignored';
  if (remote.amount !== payment.amount) {
    deps.log.error(`payment ${payment.id}: provider amount ${remote.amount} ≠ ${payment.amount}`);
    return 'ignored';
  }

  const result = await deps.db.transaction(
    (tx) => withBoundedLocks(tx, () => confirmTicket(tx, deps, payment)),
    boundedLocks(),
  );
  deps.publish(result.events);
  if (result.outcome === 'confirmed') void deps.paid(payment.ticket_id);
  if (result.outcome === 'refunded')
    await deps.sendRefunds(payment.ticket_id).catch((error: unknown) => {
      deps.log.error(`refund of payment ${payment.id} not sent yet`, error);
    });
  return result.outcome;
}

async function confirmTicket(
  tx: Queryable,
  deps: ConfirmDeps,
  payment: PaymentRow,
): Promise<{ outcome: ConfirmOutcome; events: ServerEvent[] }> {
  // The tour first, then the ticket: the same order as a booking, so the two never deadlock.
  const ticket = await lockPaidTicket(tx, payment.ticket_id);
  if (!ticket) return { outcome: 'ignored', events: [] };
  // Read again under the lock: a notification repeated at the same moment finds the first one's work.
  if ((await lockPaymentStatus(tx, payment.id)) === 'succeeded') return { outcome: 'duplicate', events: [] };
  await markSucceeded(tx, payment.id);
  // A second payment of a paid ticket (two tabs paid at once) is owed back like a late one.
  if (ticket.status === 'confirmed') return oweBack(tx, ticket, payment, deps.now());
  const now = deps.now();
  const holdValid = ticket.status === 'to payment' && ticket.hold_until !== null && ticket.hold_until >= now;
  const lapsed = ticket.status === 'to payment' || ticket.cancel_reason === 'hold_expired';
  if (!holdValid && !(lapsed && (await retakeSeats(tx, ticket)))) {
    deps.log.info(`payment ${payment.id} came for a ticket no longer held: refunding it`);
    return oweBack(tx, ticket, payment, now);
  }
  await confirmPaidTicket(tx, ticket.id, now);
  const events = await ticketEvents(tx, ticket.id, ticket.user_id, null);
  events.push(...(await payReferralBonus(tx, ticket, deps.bonusPercent)));
  return { outcome: 'confirmed', events };
}

/** The ticket stays (or becomes) cancelled with its seats free, and the payment is owed back. */
async function oweBack(
  tx: Queryable,
  ticket: PaidTicketRow,
  payment: PaymentRow,
  now: Date,
): Promise<{ outcome: ConfirmOutcome; events: ServerEvent[] }> {
  if (ticket.status === 'to payment') await cancelTicket(tx, ticket.id);
  await insertRefund(tx, {
    id: newEntityId(now),
    ticketId: ticket.id,
    paymentId: payment.id,
    amount: payment.amount,
    reason: 'payment_late',
  });
  return { outcome: 'refunded', events: await ticketEvents(tx, ticket.id, ticket.user_id, null) };
}

async function payReferralBonus(
  tx: Queryable,
  ticket: PaidTicketRow,
  percent: number,
): Promise<ServerEvent[]> {
  const referrer = await findReferrer(tx, ticket.user_id);
  const amount = Math.floor((ticket.excursion_price * percent) / 100);
  if (referrer === undefined || amount <= 0) return [];
  const balance = await payBonus(tx, ticket.id, referrer, amount);
  if (balance === undefined) return [];
  return [
    {
      channel: 'USER_UPDATE',
      userId: referrer,
      data: { user_id: referrer, action: 'balance_update', new_balance: balance },
    },
  ];
}
