import type { TicketService } from '../../domain/types';
import type { Queryable } from './db';
import { TICKET_SLOT } from './tickets';

// The payments table and what confirming a payment writes (payments/checkout.ts, payments/confirm.ts):
// the ticket it pays for, the referral bonus and the receipt's details.

export interface CheckoutRow {
  status: string;
  user_id: number;
  hold_until: Date | null;
  excursion_price: number;
  title: string | null;
  /** The ticket's open payment ('new' or 'pending'), if it has one. */
  payment_id: string | null;
  payment_status: string | null;
  provider_payment_id: string | null;
  confirmation_token: string | null;
}

/** The ticket's state, price and title with its open payment, if it has one. */
export async function readCheckout(db: Queryable, ticketId: string): Promise<CheckoutRow | undefined> {
  return (
    await db.query<CheckoutRow>(
      `SELECT k.status, k.user_id, k.hold_until, k.excursion_price, e.title, p.id AS payment_id,
              p.status AS payment_status, p.provider_payment_id, p.confirmation_token
         FROM tickets k ${TICKET_SLOT}
         LEFT JOIN excursions e ON e.id = m.excursion_id
         LEFT JOIN payments p ON p.ticket_id = k.id AND p.status IN ('new', 'pending')
         WHERE k.id = $1`,
      [ticketId],
    )
  )[0];
}

/** Adds a payment for the ticket unless it has an open one (payments_one_open). */
export async function insertPayment(
  db: Queryable,
  id: string,
  ticketId: string,
  provider: string,
  amount: number,
): Promise<void> {
  await db.query(
    `INSERT INTO payments (id, ticket_id, provider, amount) VALUES ($1, $2, $3, $4)
     ON CONFLICT (ticket_id) WHERE status IN ('new', 'pending') DO NOTHING`,
    [id, ticketId, provider, amount],
  );
}

export interface ReceiptSourceRow {
  email: string;
  title: string;
  adults: number;
  kids: number;
  services: TicketService[];
  excursion_price: number;
  adult_price: number;
  kid_price: number;
}

/** What a 54-FZ receipt of the ticket lists (payments/receipt.ts). */
export async function readReceiptSource(
  db: Queryable,
  ticketId: string,
): Promise<ReceiptSourceRow | undefined> {
  const [row] = await db.query<ReceiptSourceRow>(
    `SELECT u.email, e.title, k.adults, k.kids, k.services, k.excursion_price, e.adult_price, e.kid_price
       FROM tickets k ${TICKET_SLOT} JOIN users u ON u.id = k.user_id
       JOIN excursions e ON e.id = m.excursion_id WHERE k.id = $1`,
    [ticketId],
  );
  return row;
}

/** Notes the provider's payment and its confirmation token; the payment is pending from now. */
export async function notePending(
  db: Queryable,
  paymentId: string | null,
  providerPaymentId: string,
  confirmationToken: string,
): Promise<void> {
  await db.query(
    `UPDATE payments SET provider_payment_id = $2, confirmation_token = $3, status = 'pending', updated_at = now()
     WHERE id = $1`,
    [paymentId, providerPaymentId, confirmationToken],
  );
}

export interface PaymentRow {
  id: string;
  ticket_id: string;
  amount: number;
  status: string;
}

export async function findByProviderId(
  db: Queryable,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db.query<PaymentRow>(
    'SELECT id, ticket_id, amount, status FROM payments WHERE provider_payment_id = $1',
    [providerPaymentId],
  );
  return payment;
}

/** Marks a payment not settled yet as canceled. */
export async function markCanceled(db: Queryable, paymentId: string): Promise<void> {
  await db.query(
    `UPDATE payments SET status = 'canceled', updated_at = now() WHERE id = $1 AND status IN ('new', 'pending')`,
    [paymentId],
  );
}

/** The payment's status, its row locked. */
export async function lockPaymentStatus(tx: Queryable, paymentId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ status: string }>('SELECT status FROM payments WHERE id = $1 FOR UPDATE', [
    paymentId,
  ]);
  return row?.status;
}

export async function markSucceeded(tx: Queryable, paymentId: string): Promise<void> {
  await tx.query(`UPDATE payments SET status = 'succeeded', updated_at = now() WHERE id = $1`, [paymentId]);
}

export interface PaidTicketRow {
  id: string;
  user_id: number;
  tour_id: string;
  status: string;
  hold_until: Date | null;
  excursion_price: number;
  adults: number;
  kids: number;
  cancel_reason: string | null;
}

/**
 * Locks the ticket's tour, then the ticket: the same order as a booking, so the two never deadlock.
 * The ticket, or undefined when there is none.
 */
export async function lockPaidTicket(tx: Queryable, ticketId: string): Promise<PaidTicketRow | undefined> {
  const [{ tour_id: tourId } = { tour_id: '' }] = await tx.query<{ tour_id: string }>(
    'SELECT tour_id FROM tickets WHERE id = $1',
    [ticketId],
  );
  await tx.query('SELECT id FROM tours WHERE id = $1 FOR UPDATE', [tourId]);
  const [ticket] = await tx.query<PaidTicketRow>(
    `SELECT id, user_id, tour_id, status, hold_until, excursion_price, adults, kids, cancel_reason
     FROM tickets WHERE id = $1 FOR UPDATE`,
    [ticketId],
  );
  return ticket;
}

export async function confirmPaidTicket(tx: Queryable, ticketId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE tickets SET status = 'confirmed', hold_until = NULL, paid_at = $2, updated_at = $2 WHERE id = $1`,
    [ticketId, now],
  );
}

/** The seller or admin who referred the user, if any. */
export async function findReferrer(tx: Queryable, userId: number): Promise<number | undefined> {
  const [referrer] = await tx.query<{ id: number }>(
    `SELECT r.id FROM users u JOIN users r ON r.id = u.referrer_id
     WHERE u.id = $1 AND r.role IN ('seller', 'admin') AND r.id <> u.id`,
    [userId],
  );
  return referrer?.id;
}

/** Pays the bonus for the ticket once: the referrer's new balance, or undefined when it was paid already. */
export async function payBonus(
  tx: Queryable,
  ticketId: string,
  sellerId: number,
  amount: number,
): Promise<number | undefined> {
  const inserted = await tx.query(
    `INSERT INTO referral_bonuses (ticket_id, seller_id, amount) VALUES ($1, $2, $3)
     ON CONFLICT (ticket_id) DO NOTHING RETURNING 1`,
    [ticketId, sellerId, amount],
  );
  if (inserted.length === 0) return undefined;
  const [{ balance } = { balance: 0 }] = await tx.query<{ balance: number }>(
    'UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance',
    [sellerId, amount],
  );
  return balance;
}

export interface TicketMailRow {
  email: string;
  title: string;
  date: string;
  time: string;
  assembly_point: string;
  excursion_price: number;
  entry_price: number;
  adults: number;
  kids: number;
  services: TicketService[];
  adult_price: number;
  kid_price: number;
  free_cancel_hours: number;
  /** The excursion's duration text, for the calendar file's end. */
  duration: string;
  seats: number[] | null;
}

/** What a ticket's e-mails say (payments/ticket-mail.ts). */
export async function readTicketMail(db: Queryable, ticketId: string): Promise<TicketMailRow | undefined> {
  const [row] = await db.query<TicketMailRow>(
    `SELECT u.email, e.title, m.date, m.time, k.assembly_point, k.excursion_price, k.entry_price, k.adults, k.kids,
            k.services, e.adult_price, e.kid_price, k.free_cancel_hours, e.duration,
            (SELECT array_agg(seat ORDER BY seat) FROM ticket_seats WHERE ticket_id = k.id AND seat IS NOT NULL) AS seats
       FROM tickets k ${TICKET_SLOT} JOIN users u ON u.id = k.user_id
       JOIN excursions e ON e.id = m.excursion_id WHERE k.id = $1`,
    [ticketId],
  );
  return row;
}
