import type { ProviderStatus } from '../payments/provider';
import type { Queryable } from './db';

// The built-in test provider's own books (payments/test-provider.ts): test_provider_payments, and
// the note of a payment in our payments table that a recorded payment makes in the same statement.

export interface TestPaymentRow {
  id: string;
  amount: number;
  status: ProviderStatus;
  confirmation_token: string;
  return_url: string;
  description: string;
  metadata: { payment_id?: string };
}

export interface NewTestPayment {
  id: string;
  idempotence_key: string;
  amount: number;
  confirmation_token: string;
  return_url: string;
  description: string;
  metadata: { payment_id: string };
}

export async function findByToken(db: Queryable, token: string): Promise<TestPaymentRow | undefined> {
  return (
    await db.query<TestPaymentRow>('SELECT * FROM test_provider_payments WHERE confirmation_token = $1', [
      token,
    ])
  )[0];
}

export async function findById(db: Queryable, id: string): Promise<TestPaymentRow | undefined> {
  const [row] = await db.query<TestPaymentRow>('SELECT * FROM test_provider_payments WHERE id = $1', [id]);
  return row;
}

/**
 * One statement: the new payment, or (a repeated key) the one made before; with `record`, our
 * payments row (the key is its id) notes it too. Undefined when a concurrent statement with the same
 * key made it outside this statement's snapshot.
 */
export async function makeOne(
  db: Queryable,
  p: NewTestPayment,
  record: boolean,
): Promise<TestPaymentRow | undefined> {
  const [row] = await db.query<TestPaymentRow>(
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
      p.id,
      p.idempotence_key,
      p.amount,
      p.confirmation_token,
      p.return_url,
      p.description,
      JSON.stringify(p.metadata),
      record,
    ],
    { name: 'test_provider_make' },
  );
  return row;
}

/** Recorded payments made together in one statement (migration 8), in the order given. */
export async function makeManyRecorded(
  db: Queryable,
  payments: NewTestPayment[],
): Promise<(TestPaymentRow & { idempotence_key: string })[]> {
  return db.query<TestPaymentRow & { idempotence_key: string }>(
    'SELECT * FROM test_provider_make_many($1::jsonb)',
    [JSON.stringify(payments)],
    { name: 'test_provider_make_many' },
  );
}

/** Marks a pending payment paid; the row, or undefined when it was not pending. */
export async function markPaid(db: Queryable, id: string): Promise<TestPaymentRow | undefined> {
  const [paid] = await db.query<TestPaymentRow>(
    `UPDATE test_provider_payments SET status = 'succeeded' WHERE id = $1 AND status = 'pending' RETURNING *`,
    [id],
  );
  return paid;
}

export interface TestRefundRow {
  id: string;
  idempotence_key: string;
  payment_id: string;
  amount: number;
  status: 'succeeded';
  receipt: unknown;
}

export type NewTestRefund = Omit<TestRefundRow, 'status'>;

/**
 * One statement: the refund of a succeeded payment, for at most what is left of it after its other
 * refunds; or (a repeated key) the refund made before. Undefined when it is refused, or when a
 * concurrent statement with the same key made it outside this statement's snapshot.
 */
export async function makeRefund(db: Queryable, r: NewTestRefund): Promise<TestRefundRow | undefined> {
  const [row] = await db.query<TestRefundRow>(
    `WITH payment AS (
         SELECT p.id, p.amount - coalesce((SELECT sum(x.amount) FROM test_provider_refunds x WHERE x.payment_id = p.id), 0) AS left_over
           FROM test_provider_payments p WHERE p.id = $3::text AND p.status = 'succeeded'
       ), made AS (
         INSERT INTO test_provider_refunds (id, idempotence_key, payment_id, amount, status, receipt)
         SELECT $1, $2, payment.id, $4::int, 'succeeded', $5::jsonb FROM payment WHERE $4::int <= payment.left_over
         ON CONFLICT (idempotence_key) DO NOTHING RETURNING id, idempotence_key, payment_id, amount, status, receipt
       )
       SELECT * FROM made UNION ALL
       SELECT id, idempotence_key, payment_id, amount, status, receipt FROM test_provider_refunds
        WHERE idempotence_key = $2 AND NOT EXISTS (SELECT 1 FROM made)`,
    [r.id, r.idempotence_key, r.payment_id, r.amount, JSON.stringify(r.receipt)],
    { name: 'test_provider_refund' },
  );
  return row;
}

/** What is left of a payment to refund: its amount less its refunds. */
export async function refundableAmount(db: Queryable, paymentId: string): Promise<number> {
  const [row] = await db.query<{ left_over: number }>(
    `SELECT (p.amount - coalesce((SELECT sum(x.amount) FROM test_provider_refunds x WHERE x.payment_id = p.id), 0))::int AS left_over
       FROM test_provider_payments p WHERE p.id = $1`,
    [paymentId],
  );
  return row?.left_over ?? 0;
}
