import { HttpError } from '../http/errors';
import type { BookedPayment } from '../services/booking';
import { newEntityId } from '../services/ids';
import type { Db } from '../storage/db';
import { ProviderUnavailableError, type PaymentProvider } from './provider';

// The provider's payment for a booked ticket, made after the booking commits: a slow provider never
// holds the tour lock. Our payment id is the provider's Idempotence-Key, so asking again (a retried
// booking request, a reload of /payment) returns the same payment and token.

export const CHECKOUT_TEXTS = {
  ticketNotFound: 'Билет не найден',
  alreadyPaid: 'Билет уже оплачен',
  expired: 'Бронь истекла: забронируйте места снова',
  unavailable: 'Платёжная система сейчас недоступна. Попробуйте ещё раз через минуту',
} as const;

interface Row {
  status: string;
  excursion_price: number;
  title: string | null;
  payment_id: string | null;
  confirmation_token: string | null;
}

/**
 * The confirmation token of the ticket's payment, creating the payment at the provider if needed.
 * `booked` is the payments row a booking just committed (services/booking.ts): the ticket is fresh
 * and unpaid, so nothing needs reading back before asking the provider.
 */
export async function ensurePayment(
  db: Db,
  provider: PaymentProvider,
  ticketId: string,
  returnUrl: string,
  booked?: BookedPayment,
): Promise<string> {
  if (booked)
    return createAtProvider(db, provider, ticketId, returnUrl, {
      payment_id: booked.paymentId,
      excursion_price: booked.amount,
      title: booked.title,
    });
  const read = async () =>
    (
      await db.query<Row>(
        `SELECT k.status, k.excursion_price, e.title, p.id AS payment_id, p.confirmation_token
         FROM tickets k
         LEFT JOIN tours t ON t.id = k.tour_id LEFT JOIN excursions e ON e.id = t.excursion_id
         LEFT JOIN payments p ON p.ticket_id = k.id
         WHERE k.id = $1`,
        [ticketId],
      )
    )[0];
  let row = await read();
  if (!row) throw new HttpError(404, CHECKOUT_TEXTS.ticketNotFound);
  if (row.status === 'confirmed') throw new HttpError(409, CHECKOUT_TEXTS.alreadyPaid);
  if (row.status !== 'to payment') throw new HttpError(409, CHECKOUT_TEXTS.expired);
  if (row.confirmation_token) return row.confirmation_token;
  if (!row.payment_id) {
    await db.query(
      `INSERT INTO payments (id, ticket_id, provider, amount) VALUES ($1, $2, $3, $4) ON CONFLICT (ticket_id) DO NOTHING`,
      [newEntityId(), ticketId, provider.name, row.excursion_price],
    );
    row = (await read()) as Row;
  }
  return createAtProvider(db, provider, ticketId, returnUrl, row);
}

async function createAtProvider(
  db: Db,
  provider: PaymentProvider,
  ticketId: string,
  returnUrl: string,
  row: Pick<Row, 'payment_id' | 'excursion_price' | 'title'>,
): Promise<string> {
  const input = {
    paymentId: row.payment_id as string,
    amount: row.excursion_price,
    description: `Экскурсия «${row.title ?? ''}», билет ${ticketId}`,
    returnUrl,
  };
  // A provider in our own database writes its payment and our note of it in one statement.
  if (provider.createRecorded) return provider.createRecorded(input);
  let created;
  try {
    created = await provider.create(input);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new HttpError(424, CHECKOUT_TEXTS.unavailable);
    throw error;
  }
  await db.query(
    `UPDATE payments SET provider_payment_id = $2, confirmation_token = $3, status = 'pending', updated_at = now()
     WHERE id = $1`,
    [row.payment_id, created.id, created.confirmationToken],
  );
  return created.confirmationToken;
}
