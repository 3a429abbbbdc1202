import { compareText } from '../../domain/sorting';
import { randomText } from '../services/ids';
import { createBatcher } from '../storage/batcher';
import type { Queryable } from '../storage/db';
import {
  findById,
  findByToken,
  makeManyRecorded,
  makeOne,
  makeRefund,
  markPaid,
  refundableAmount,
  type NewTestPayment,
  type TestPaymentRow,
} from '../storage/test-provider-payments';
import {
  ProviderRefusedError,
  type CreatePaymentInput,
  type CreateRefundInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderStatus,
} from './provider';

// The built-in test provider: it plays an external payment service with its own books (the
// test_provider_payments table) and the same flow as YooKassa's embedded widget: create → token →
// widget (the app's card form) → the provider marks the payment and notifies the shop → the shop
// asks the provider. Cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.

/** Recorded payments made in one statement at most, and such statements out at once. */
const RECORDED_BATCH_SIZE = 16;
const RECORDED_IN_FLIGHT = 2;

export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

const toPayment = (row: TestPaymentRow): ProviderPayment => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  paymentId: row.metadata.payment_id ?? null,
});

export interface TestProvider extends PaymentProvider {
  /** What the widget shows for a confirmation token, or null for an unknown one. */
  describe(token: string): Promise<{ amount: number; description: string; status: ProviderStatus } | null>;
  /** The card form was submitted: pay or decline. Answers the payment to notify about, if any. */
  pay(
    token: string,
    card: string,
  ): Promise<{ outcome: 'paid' | 'declined' | 'unknown'; payment?: ProviderPayment; returnUrl?: string }>;
}

/** A new payment's row: fresh provider id and confirmation token, keyed by our payment id. */
const newPayment = (input: CreatePaymentInput): NewTestPayment => ({
  id: `tp_${randomText(12, 'hex')}`,
  idempotence_key: input.paymentId,
  amount: input.amount,
  confirmation_token: `ct-${randomText(18, 'base64url')}`,
  return_url: input.returnUrl,
  description: input.description,
  metadata: { payment_id: input.paymentId },
});

/**
 * The refund of a succeeded payment in the provider's books (test_provider_refunds), settled at once.
 * The same refund id answers the refund made the first time.
 */
async function refundInBooks(db: Queryable, input: CreateRefundInput): Promise<ProviderRefund> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new ProviderRefusedError(`test provider: invalid refund amount ${input.amount}`);
  const refund = {
    id: `tr_${randomText(12, 'hex')}`,
    idempotence_key: input.refundId,
    payment_id: input.providerPaymentId,
    amount: input.amount,
    receipt: input.receipt,
  };
  // As with payments: a refund made with this key by a concurrent statement is found on a fresh snapshot.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await makeRefund(db, refund);
    if (row) return { id: row.id, status: row.status, amount: row.amount };
    const payment = await findById(db, input.providerPaymentId);
    if (!payment) throw new ProviderRefusedError(`test provider: unknown payment ${input.providerPaymentId}`);
    if (payment.status !== 'succeeded')
      throw new ProviderRefusedError(
        `test provider: payment ${payment.id} is ${payment.status}, not succeeded`,
      );
    const left = await refundableAmount(db, payment.id);
    if (input.amount > left)
      throw new ProviderRefusedError(
        `test provider: refund ${input.amount} exceeds the ${left} left of ${payment.id}`,
      );
  }
  throw new Error('test provider lost a refund');
}

export function createTestProvider(db: Queryable): TestProvider {
  const byToken = (token: string) => findByToken(db, token);
  // One statement (storage/test-provider-payments.ts makeOne). A payment made by a concurrent
  // statement with the same key is not in this statement's snapshot: its insert waits for that one
  // to commit, does nothing, and finds no row to return. The statement is then run again, on a fresh
  // snapshot.
  const made = async (input: CreatePaymentInput, record: boolean): Promise<TestPaymentRow> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await makeOnce(input, record);
      if (row) return row;
    }
    throw new Error('test provider lost a payment');
  };
  const makeOnce = (input: CreatePaymentInput, record: boolean) => makeOne(db, newPayment(input), record);
  // Recorded payments asked for together go as one statement (storage/batcher.ts, migration 8),
  // ordered by key so two such statements take the same keys' locks in one order.
  const recorded = createBatcher<CreatePaymentInput, TestPaymentRow>({
    size: RECORDED_BATCH_SIZE,
    inFlight: RECORDED_IN_FLIGHT,
    one: (input) => made(input, true),
    async many(inputs) {
      const values = inputs.map(newPayment).sort((a, b) => compareText(a.idempotence_key, b.idempotence_key));
      const rows = await makeManyRecorded(db, values);
      const byKey = new Map(rows.map((row) => [row.idempotence_key, row]));
      return inputs.map(
        (input) => byKey.get(input.paymentId) ?? new Error(`test provider lost payment ${input.paymentId}`),
      );
    },
  });
  return {
    name: 'test',
    widgetUrl: '',
    fiscalReceipts: false,
    async create(input: CreatePaymentInput) {
      const row = await made(input, false);
      return { ...toPayment(row), confirmationToken: row.confirmation_token };
    },
    async createRecorded(input: CreatePaymentInput) {
      return (await recorded(input)).confirmation_token;
    },
    async fetch(id) {
      const row = await findById(db, id);
      return row ? toPayment(row) : null;
    },
    refund: (input) => refundInBooks(db, input),
    async describe(token) {
      const row = await byToken(token);
      return row ? { amount: row.amount, description: row.description, status: row.status } : null;
    },
    async pay(token, card) {
      const row = await byToken(token);
      if (!row) return { outcome: 'unknown' };
      const digits = card.replace(/\D/g, '');
      if (row.status === 'succeeded')
        return { outcome: 'paid', payment: toPayment(row), returnUrl: row.return_url };
      if (digits !== TEST_CARDS.success) return { outcome: 'declined' };
      const paid = await markPaid(db, row.id);
      return { outcome: 'paid', payment: toPayment(paid ?? row), returnUrl: row.return_url };
    },
  };
}
