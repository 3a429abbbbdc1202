import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import type { ServerEvent } from '../realtime/events';
import { boundedLocks, retakeSeats, ticketEvents, withBoundedLocks } from '../services/booking';
import type { Db, Queryable } from '../storage/db';
import type { PaymentProvider } from './provider';

// A payment becomes a confirmed ticket only here, and only on the provider's own word: the
// notification names a payment, and the provider is asked for it. Duplicates and stale events find
// the ticket already settled and change nothing. A payment that arrives after the hold expired
// takes the seats back only if they are still free (under the tour lock); otherwise it is marked
// for a refund and the ticket stays cancelled.

export type ConfirmOutcome = 'confirmed' | 'duplicate' | 'ignored' | 'refund_required' | 'canceled';

export interface ConfirmDeps {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  log: Logger;
  publish: (events: ServerEvent[]) => void;
  now: () => Date;
  /** Referral bonus, percent of the ticket's price (REFERRAL_BONUS_PERCENT, 5 by default). */
  bonusPercent: number;
}

interface PaymentRow {
  id: string;
  ticket_id: string;
  amount: number;
  status: string;
}

interface TicketRow {
  id: string;
  user_id: number;
  tour_id: string;
  status: string;
  hold_until: Date | null;
  excursion_price: number;
  adults: number;
  kids: number;
}

export const RECEIPT_SUBJECT = 'Чек: оплата экскурсии';

export async function processNotification(
  deps: ConfirmDeps,
  providerPaymentId: string,
): Promise<ConfirmOutcome> {
  const remote = await deps.provider.fetch(providerPaymentId);
  if (!remote) return 'ignored';
  const [payment] = await deps.db.query<PaymentRow>(
    'SELECT id, ticket_id, amount, status FROM payments WHERE provider_payment_id = $1',
    [remote.id],
  );
  if (!payment || (remote.paymentId !== null && remote.paymentId !== payment.id)) return 'ignored';
  if (remote.status === 'canceled') {
    await deps.db.query(
      `UPDATE payments SET status = 'canceled', updated_at = now() WHERE id = $1 AND status IN ('new', 'pending')`,
      [payment.id],
    );
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
  if (result.outcome === 'confirmed') void sendReceipt(deps, payment.ticket_id);
  return result.outcome;
}

async function confirmTicket(
  tx: Queryable,
  deps: ConfirmDeps,
  payment: PaymentRow,
): Promise<{ outcome: ConfirmOutcome; events: ServerEvent[] }> {
  // The tour first, then the ticket: the same order as a booking, so the two never deadlock.
  const [{ tour_id: tourId } = { tour_id: '' }] = await tx.query<{ tour_id: string }>(
    'SELECT tour_id FROM tickets WHERE id = $1',
    [payment.ticket_id],
  );
  await tx.query('SELECT id FROM tours WHERE id = $1 FOR UPDATE', [tourId]);
  const [ticket] = await tx.query<TicketRow>(
    `SELECT id, user_id, tour_id, status, hold_until, excursion_price, adults, kids FROM tickets WHERE id = $1 FOR UPDATE`,
    [payment.ticket_id],
  );
  if (!ticket) return { outcome: 'ignored', events: [] };
  if (ticket.status === 'confirmed') {
    await tx.query(`UPDATE payments SET status = 'succeeded', updated_at = now() WHERE id = $1`, [
      payment.id,
    ]);
    return { outcome: 'duplicate', events: [] };
  }
  const now = deps.now();
  const holdValid = ticket.status === 'to payment' && ticket.hold_until !== null && ticket.hold_until >= now;
  if (!holdValid && !(await retakeSeats(tx, ticket))) {
    await tx.query(
      `UPDATE tickets SET status = 'cancelled', hold_until = NULL, updated_at = now() WHERE id = $1`,
      [ticket.id],
    );
    await tx.query('UPDATE ticket_seats SET active = false WHERE ticket_id = $1', [ticket.id]);
    await tx.query(`UPDATE payments SET status = 'refund_required', updated_at = now() WHERE id = $1`, [
      payment.id,
    ]);
    deps.log.error(`payment ${payment.id} arrived after its seats were sold again: refund it`);
    return { outcome: 'refund_required', events: await ticketEvents(tx, ticket.id, ticket.user_id, null) };
  }
  await tx.query(
    `UPDATE tickets SET status = 'confirmed', hold_until = NULL, paid_at = $2, updated_at = $2 WHERE id = $1`,
    [ticket.id, now],
  );
  await tx.query(`UPDATE payments SET status = 'succeeded', updated_at = now() WHERE id = $1`, [payment.id]);
  const events = await ticketEvents(tx, ticket.id, ticket.user_id, null);
  events.push(...(await payReferralBonus(tx, ticket, deps.bonusPercent)));
  return { outcome: 'confirmed', events };
}

async function payReferralBonus(tx: Queryable, ticket: TicketRow, percent: number): Promise<ServerEvent[]> {
  const [referrer] = await tx.query<{ id: number }>(
    `SELECT r.id FROM users u JOIN users r ON r.id = u.referrer_id
     WHERE u.id = $1 AND r.role IN ('seller', 'admin') AND r.id <> u.id`,
    [ticket.user_id],
  );
  const amount = Math.floor((ticket.excursion_price * percent) / 100);
  if (!referrer || amount <= 0) return [];
  const inserted = await tx.query(
    `INSERT INTO referral_bonuses (ticket_id, seller_id, amount) VALUES ($1, $2, $3)
     ON CONFLICT (ticket_id) DO NOTHING RETURNING 1`,
    [ticket.id, referrer.id, amount],
  );
  if (inserted.length === 0) return [];
  const [{ balance } = { balance: 0 }] = await tx.query<{ balance: number }>(
    'UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance',
    [referrer.id, amount],
  );
  return [
    {
      channel: 'USER_UPDATE',
      userId: referrer.id,
      data: { user_id: referrer.id, action: 'balance_update', new_balance: balance },
    },
  ];
}

async function sendReceipt(deps: ConfirmDeps, ticketId: string): Promise<void> {
  try {
    const [row] = await deps.db.query<{
      email: string;
      title: string;
      date: string;
      time: string;
      excursion_price: number;
      entry_price: number;
      adults: number;
      kids: number;
      seats: number[] | null;
    }>(
      `SELECT u.email, e.title, t.date, t.time, k.excursion_price, k.entry_price, k.adults, k.kids,
              (SELECT array_agg(seat ORDER BY seat) FROM ticket_seats WHERE ticket_id = k.id AND active) AS seats
       FROM tickets k JOIN users u ON u.id = k.user_id JOIN tours t ON t.id = k.tour_id
       JOIN excursions e ON e.id = t.excursion_id WHERE k.id = $1`,
      [ticketId],
    );
    if (!row) return;
    const lines = [
      'Спасибо за оплату! Это ваш чек.',
      '',
      `Экскурсия: ${row.title}`,
      `Дата и время: ${row.date.split('-').reverse().join('.')} ${row.time}`,
      `Взрослых: ${row.adults}, детей: ${row.kids}`,
      ...(row.seats?.length ? [`Места: ${row.seats.join(', ')}`] : []),
      `Оплачено картой: ${row.excursion_price} ₽`,
      ...(row.entry_price > 0 ? [`Входные билеты на месте (наличными): ${row.entry_price} ₽`] : []),
      `Номер билета: ${ticketId}`,
      '',
      'Билет с QR-кодом — в приложении, в разделе «Мои билеты». Он открывается и без интернета.',
    ];
    await deps.mailer.send({ to: row.email, subject: RECEIPT_SUBJECT, text: lines.join('\n') });
  } catch (error) {
    deps.log.error(`receipt for ticket ${ticketId} was not sent`, error);
  }
}
