import type { ConfirmDeps } from '../../payments/confirm';
import { sendTicketRefunds, type RefundDeps } from '../../payments/refunds';
import { mailSellerAlert } from '../../payments/seller-mail';
import { mailTicketPaid, mailTicketRefunded, type TicketMailDeps } from '../../payments/ticket-mail';
import type { AppDeps } from '../deps';

// The payments' dependencies drawn from the app's: the routes and the refund timer build them alike.

/** Where an e-mail's link to a ticket points: the public address, else this server's own. */
function publicUrl(deps: AppDeps): string {
  return deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
}

export function ticketMailDeps(deps: AppDeps): TicketMailDeps {
  return { db: deps.db, mailer: deps.mailer, log: deps.log, publicUrl: publicUrl(deps) };
}

export function refundDeps(deps: AppDeps): RefundDeps {
  const mail = ticketMailDeps(deps);
  return {
    db: deps.db,
    provider: deps.payments.provider,
    log: deps.log,
    publish: (events) => deps.events.publish(events),
    now: deps.now,
    refunded: (ticketId, amount) => mailTicketRefunded(mail, ticketId, amount),
    metrics: deps.metrics,
  };
}

export function confirmDeps(deps: AppDeps): ConfirmDeps {
  const mail = ticketMailDeps(deps);
  const refunds = refundDeps(deps);
  return {
    db: deps.db,
    provider: deps.payments.provider,
    log: deps.log,
    publish: (events) => deps.events.publish(events),
    now: deps.now,
    bonusPercent: deps.payments.bonusPercent,
    sendRefunds: (ticketId) => sendTicketRefunds(refunds, ticketId),
    // The buyer's receipt and the seller's alert of a sale.
    paid: async (ticketId) => {
      await Promise.all([mailTicketPaid(mail, ticketId), mailSellerAlert(mail, ticketId, 'paid')]);
    },
  };
}
