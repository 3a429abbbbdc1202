import { compareText } from '../../domain/sorting';
import { randomText } from '../services/ids';
import { createBatcher } from '../storage/batcher';
import type { Queryable } from '../storage/db';
import type { CreatePaymentInput, PaymentProvider, ProviderPayment, ProviderStatus } from './provider';

// The built-in test provider: it plays an external payment service with its own books (the
// test_provider_payments table) and the same flow as YooKassa's embedded widget: create → token →
// widget (the app's card form) → the provider marks the payment and notifies the shop → the shop
// asks the provider. Cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.

/** Recorded payments made in one statement at most, and such statements out at once. */
const RECORDED_BATCH_SIZE = 16;
const RECORDED_IN_FLIGHT = 2;

export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

interface Row {
  id: string;
  amount: number;
  status: ProviderStatus;
  confirmation_token: string;
  return_url: string;
  description: string;
  metadata: { payment_id?: string };
}

const toPayment = (row: Row): ProviderPayment => ({
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

export function createTestProvider(db: Queryable): TestProvider {
  const byToken = async (token: string) =>
    (await db.query<Row>('SELECT * FROM test_provider_payments WHERE confirmation_token = $1', [token]))[0];
  // One statement: the new payment, or (a repeated key) the one made before; with `record`, our
  // payments row (the key is its id) notes it too. A payment made by a concurrent statement with the
  // same key is not in this statement's snapshot: its insert waits for that one to commit, does
  // nothing, and finds no row to return. The statement is then run again, on a fresh snapshot.
  const made = async (input: CreatePaymentInput, record: boolean): Promise<Row> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await makeOnce(input, record);
      if (row) return row;
    }
    throw new Error('test provider lost a payment');
  };
  const makeOnce = async (input: CreatePaymentInput, record: boolean): Promise<Row | undefined> => {
    const [row] = await db.query<Row>(
      `WITH made AS (
         INSERT INTO test_provider_payments (id, idempotence_key, amount, confirmation_token, return_url, description, metadata)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotence_key) DO NOTHING RETURNING *
       ), payment AS (
         SELECT * FROM made UNION ALL
         SELECT * FROM test_provider_payments WHERE idempotence_key = $2 AND NOT EXISTS (SELECT 1 FROM made)
       ), noted AS (
         UPDATE payments p SET provider_payment_id = x.id, confirmation_token = x.confirmation_token,
           status = 'pending', updated_at = now()
         FROM payment x WHERE $8 AND p.id = $2
       )
       SELECT * FROM payment`,
      [
        `tp_${randomText(12, 'hex')}`,
        input.paymentId,
        input.amount,
        `ct-${randomText(18, 'base64url')}`,
        input.returnUrl,
        input.description,
        JSON.stringify({ payment_id: input.paymentId }),
        record,
      ],
      { name: 'test_provider_make' },
    );
    return row;
  };
  // Recorded payments asked for together go as one statement (storage/batcher.ts, migration 8),
  // ordered by key so two such statements take the same keys' locks in one order.
  const recorded = createBatcher<CreatePaymentInput, Row>({
    size: RECORDED_BATCH_SIZE,
    inFlight: RECORDED_IN_FLIGHT,
    one: (input) => made(input, true),
    async many(inputs) {
      const values = inputs
        .map((input) => ({
          id: `tp_${randomText(12, 'hex')}`,
          idempotence_key: input.paymentId,
          amount: input.amount,
          confirmation_token: `ct-${randomText(18, 'base64url')}`,
          return_url: input.returnUrl,
          description: input.description,
          metadata: { payment_id: input.paymentId },
        }))
        .sort((a, b) => compareText(a.idempotence_key, b.idempotence_key));
      const rows = await db.query<Row & { idempotence_key: string }>(
        'SELECT * FROM test_provider_make_many($1::jsonb)',
        [JSON.stringify(values)],
        { name: 'test_provider_make_many' },
      );
      const byKey = new Map(rows.map((row) => [row.idempotence_key, row]));
      return inputs.map(
        (input) => byKey.get(input.paymentId) ?? new Error(`test provider lost payment ${input.paymentId}`),
      );
    },
  });
  return {
    name: 'test',
    widgetUrl: '',
    async create(input: CreatePaymentInput) {
      const row = await made(input, false);
      return { ...toPayment(row), confirmationToken: row.confirmation_token };
    },
    async createRecorded(input: CreatePaymentInput) {
      return (await recorded(input)).confirmation_token;
    },
    async fetch(id) {
      const [row] = await db.query<Row>('SELECT * FROM test_provider_payments WHERE id = $1', [id]);
      return row ? toPayment(row) : null;
    },
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
      const [paid] = await db.query<Row>(
        `UPDATE test_provider_payments SET status = 'succeeded' WHERE id = $1 AND status = 'pending' RETURNING *`,
        [row.id],
      );
      return { outcome: 'paid', payment: toPayment(paid ?? row), returnUrl: row.return_url };
    },
  };
}
