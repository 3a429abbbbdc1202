import type { Logger } from '../log';
import type { Metrics } from '../metrics';
import type { ServerEvent } from '../realtime/events';
import type { Db, Queryable } from '../storage/db';
import { readReceiptSource } from '../storage/payments';
import { claimDueRefunds, recordRefund, type ClaimedRefund } from '../storage/refunds';
import { findTicket } from '../storage/tickets';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderRefund,
} from './provider';
import { receiptOfRow } from './receipt';
import { ticketUpdate } from '../services/ticket-update';

// Money owed back goes to the provider here. A cancellation writes the refund in its own transaction
// (services/booking/tickets.ts) and this sends it after the commit: the seats are free at once, and a
// provider that is slow or down only delays the money, never the cancellation. A refund the provider
// did not settle is tried again with the same Idempotence-Key (our refund id) until it is settled, so
// however often it is sent, the buyer is refunded once.

/** Refunds sent in one round of the retry timer. */
const REFUNDS_PER_ROUND = 20;
/** The longest wait between two tries of a refund the provider could not take. */
const MAX_RETRY_DELAY_MS = 3_600_000;
const FIRST_RETRY_DELAY_MS = 30_000;

export interface RefundDeps {
  db: Db;
  provider: PaymentProvider;
  log: Logger;
  publish: (events: ServerEvent[]) => void;
  now: () => Date;
  /** Tells the buyer a refund went through (an e-mail); failures are logged, never thrown. */
  refunded: (ticketId: string, amount: number) => Promise<void>;
  metrics?: Pick<Metrics, 'refunds'>;
}

/** Sends the ticket's refunds that are due, right after the cancellation committed. */
export async function sendTicketRefunds(deps: RefundDeps, ticketId: string): Promise<void> {
  const claimed = await claimDueRefunds(deps.db, deps.now(), REFUNDS_PER_ROUND, ticketId);
  for (const refund of claimed) await sendRefund(deps, refund);
}

/** One round of the retry timer: refunds due by `at`. Resolves to how many were sent. */
export async function sendDueRefunds(deps: RefundDeps, at: Date = deps.now()): Promise<number> {
  const claimed = await claimDueRefunds(deps.db, at, REFUNDS_PER_ROUND);
  for (const refund of claimed) await sendRefund(deps, refund);
  return claimed.length;
}

async function sendRefund(deps: RefundDeps, refund: ClaimedRefund): Promise<void> {
  try {
    const answer = await askProvider(deps, refund);
    if (answer.status === 'pending') {
      await settle(deps, refund, {
        status: 'pending',
        providerRefundId: answer.id,
        nextAttemptAt: retryAt(deps, refund),
      });
      return;
    }
    await settle(deps, refund, {
      status: answer.status === 'succeeded' ? 'succeeded' : 'failed',
      providerRefundId: answer.id,
      error: answer.status === 'canceled' ? 'the provider cancelled the refund' : null,
    });
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      deps.log.error(`refund ${refund.id} refused by the provider: ${error.message}`);
      await settle(deps, refund, { status: 'failed', error: error.message });
    } else {
      deps.log.error(`refund ${refund.id} not sent, tried again later`, error);
      const message = error instanceof ProviderUnavailableError ? error.message : String(error);
      await settle(deps, refund, { status: 'pending', error: message, nextAttemptAt: retryAt(deps, refund) });
    }
  }
}

async function askProvider(deps: RefundDeps, refund: ClaimedRefund): Promise<ProviderRefund> {
  // A refund the provider took but has not settled is asked about, not sent again.
  if (refund.provider_refund_id && deps.provider.fetchRefund) {
    const known = await deps.provider.fetchRefund(refund.provider_refund_id);
    if (known) return known;
  }
  if (!refund.provider_payment_id) throw new ProviderRefusedError('the payment never reached the provider');
  const source = await readReceiptSource(deps.db, refund.ticket_id);
  const receipt = source ? receiptOfRow(source, refund.amount) : null;
  if (!receipt) throw new ProviderRefusedError('no receipt can be made for the refund');
  return deps.provider.refund({
    refundId: refund.id,
    providerPaymentId: refund.provider_payment_id,
    amount: refund.amount,
    description: `Возврат за билет ${refund.ticket_id}`,
    receipt,
  });
}

/** Waits twice as long after each failed try, from half a minute up to an hour. */
function retryAt(deps: RefundDeps, refund: ClaimedRefund): Date {
  const delay = Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, refund.attempts - 1));
  return new Date(deps.now().getTime() + delay);
}

async function settle(
  deps: RefundDeps,
  refund: ClaimedRefund,
  outcome: Parameters<typeof recordRefund>[2],
): Promise<void> {
  let recorded = false;
  const events = await deps.db.transaction(async (tx) => {
    const row = await recordRefund(tx, refund.id, outcome);
    recorded = row !== undefined;
    return row?.settled ? settledTicketEvents(tx, row.ticketId) : null;
  });
  // Counted once committed; a refund another sender settled first records nothing here.
  if (recorded) deps.metrics?.refunds.inc({ outcome: outcome.status });
  if (!events) return;
  deps.publish(events);
  if (outcome.status === 'succeeded') await deps.refunded(refund.ticket_id, refund.amount);
}

/** The ticket as its owner's replica should see it now. */
async function settledTicketEvents(tx: Queryable, ticketId: string): Promise<ServerEvent[]> {
  const ticket = await findTicket(tx, ticketId);
  return ticket ? [ticketUpdate(ticket.row.userID, ticket)] : [];
}
