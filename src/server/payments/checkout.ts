import type { BookedPayment } from '../services/booking';
import { ServiceError } from '../services/errors';
import { newEntityId } from '../services/ids';
import type { Db } from '../storage/db';
import {
  insertPayment,
  markCanceled,
  notePending,
  readCheckout,
  readReceiptSource,
  type CheckoutRow,
} from '../storage/payments';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type Receipt,
} from './provider';
import { receiptOfRow } from './receipt';

// The provider's payment for a booked ticket, made after the booking commits: a slow provider never
// holds the tour lock. Our payment id is the provider's Idempotence-Key, so asking again (a retried
// booking request, a reload of /payment, 'Оплатить' on the ticket) returns the same payment and token
// while it is open. A ticket has at most one open payment (payments_one_open); a new one is made only
// when the provider finished the last one unpaid (a declined card cancels a YooKassa payment).

export const CHECKOUT_TEXTS = {
  ticketNotFound: 'Билет не найден',
  notYours: 'Это не ваш билет',
  alreadyPaid: 'Билет уже оплачен',
  expired: 'Бронь истекла: забронируйте места снова',
  unavailable: 'Платёжная система сейчас недоступна. Попробуйте ещё раз через минуту',
  refused: 'Платёжная система не приняла платёж. Попробуйте ещё раз или напишите нам',
} as const;

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
}

/** The confirmation token of the payment a booking just committed (its row is fresh and unpaid). */
export function payBooked(
  deps: CheckoutDeps,
  ticketId: string,
  booked: BookedPayment,
  returnUrl: string,
): Promise<string> {
  return createAtProvider(deps, ticketId, returnUrl, {
    payment_id: booked.paymentId,
    excursion_price: booked.amount,
    title: booked.title,
  });
}

/**
 * The confirmation token of the ticket's open payment, or of a new one when it has none. `ownerId`,
 * when given, must own the ticket. Refused for a paid ticket or a hold that ran out.
 */
export async function openPayment(
  deps: CheckoutDeps,
  ticketId: string,
  returnUrl: string,
  ownerId: number | null,
): Promise<string> {
  const read = () => readCheckout(deps.db, ticketId);
  let row = await read();
  if (!row) throw new ServiceError('notFound', CHECKOUT_TEXTS.ticketNotFound);
  if (ownerId !== null && row.user_id !== ownerId)
    throw new ServiceError('forbidden', CHECKOUT_TEXTS.notYours);
  if (row.status === 'confirmed') throw new ServiceError('conflict', CHECKOUT_TEXTS.alreadyPaid);
  const held = row.hold_until !== null && new Date(row.hold_until).getTime() > deps.now().getTime();
  if (row.status !== 'to payment' || !held) throw new ServiceError('conflict', CHECKOUT_TEXTS.expired);
  if (row.payment_id && row.confirmation_token && row.provider_payment_id) {
    if (await stillOpen(deps, row)) return row.confirmation_token;
    row = { ...row, payment_id: null };
  }
  if (!row.payment_id) {
    await insertPayment(deps.db, newEntityId(deps.now()), ticketId, deps.provider.name, row.excursion_price);
    row = (await read()) as CheckoutRow;
    // Another request opened it meanwhile and may have its token already.
    if (row.confirmation_token) return row.confirmation_token;
  }
  return createAtProvider(deps, ticketId, returnUrl, row);
}

/**
 * Whether the provider still waits for the payment to be paid. One it finished unpaid is closed here;
 * one it cannot say about is taken as open (its token still opens the widget, which knows best).
 */
async function stillOpen(deps: CheckoutDeps, row: CheckoutRow): Promise<boolean> {
  let remote;
  try {
    remote = await deps.provider.fetch(row.provider_payment_id as string);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return true;
    throw error;
  }
  if (remote?.status === 'succeeded') throw new ServiceError('conflict', CHECKOUT_TEXTS.alreadyPaid);
  if (remote && remote.status !== 'canceled') return true;
  await markCanceled(deps.db, row.payment_id as string);
  return false;
}

async function createAtProvider(
  deps: CheckoutDeps,
  ticketId: string,
  returnUrl: string,
  row: Pick<CheckoutRow, 'payment_id' | 'excursion_price' | 'title'>,
): Promise<string> {
  const input = {
    paymentId: row.payment_id as string,
    amount: row.excursion_price,
    description: `Экскурсия «${row.title ?? ''}», билет ${ticketId}`,
    returnUrl,
    receipt: deps.provider.fiscalReceipts ? await receiptOf(deps.db, ticketId, row.excursion_price) : null,
  };
  try {
    // A provider in our own database writes its payment and our note of it in one statement.
    if (deps.provider.createRecorded) return await deps.provider.createRecorded(input);
    const created = await deps.provider.create(input);
    await notePending(deps.db, input.paymentId, created.id, created.confirmationToken);
    return created.confirmationToken;
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new ServiceError('failedDependency', CHECKOUT_TEXTS.unavailable);
    if (error instanceof ProviderRefusedError)
      throw new ServiceError('failedDependency', CHECKOUT_TEXTS.refused);
    throw error;
  }
}

/** The 54-FZ receipt of the ticket's order (payments/receipt.ts). */
async function receiptOf(db: Db, ticketId: string, total: number): Promise<Receipt> {
  const source = await readReceiptSource(db, ticketId);
  const receipt = source && receiptOfRow(source, total);
  if (!receipt) throw new ServiceError('failedDependency', CHECKOUT_TEXTS.refused);
  return receipt;
}
