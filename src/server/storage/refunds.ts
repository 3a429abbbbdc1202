import type { RefundStatus } from '../../domain/types';
import type { Queryable } from './db';

// The refunds table (payments/refunds.ts): what is owed back, and what the provider said about it.

/** How long a refund being sent to the provider is left to its sender before another may try it. */
const CLAIM_LEASE_MS = 120_000;

export interface SucceededPayment {
  id: string;
  amount: number;
}

/** The ticket's payments the provider took money for and nobody refunds yet. */
export async function unrefundedPayments(tx: Queryable, ticketId: string): Promise<SucceededPayment[]> {
  return (await unrefundedPaymentsOf(tx, [ticketId])).map(({ id, amount }) => ({ id, amount }));
}

/** The tickets' payments the provider took money for and nobody refunds yet, oldest first. */
export async function unrefundedPaymentsOf(
  tx: Queryable,
  ticketIds: string[],
): Promise<(SucceededPayment & { ticket_id: string })[]> {
  return tx.query<SucceededPayment & { ticket_id: string }>(
    `SELECT p.id, p.amount, p.ticket_id FROM payments p
     WHERE p.ticket_id = ANY($1::text[]) AND p.status = 'succeeded' AND p.amount > 0
       AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id)
     ORDER BY p.created_at`,
    [ticketIds],
  );
}

export interface OwedRefund {
  id: string;
  ticketId: string;
  paymentId: string;
  amount: number;
  reason: string;
}

/** Owes a payment back in full; a payment already owed back stays as it is. */
export async function insertRefund(tx: Queryable, refund: OwedRefund): Promise<void> {
  await insertRefunds(tx, [refund]);
}

/** Owes the payments back in one statement (see insertRefund). */
export async function insertRefunds(tx: Queryable, refunds: OwedRefund[]): Promise<void> {
  if (refunds.length === 0) return;
  await tx.query(
    `INSERT INTO refunds (id, ticket_id, payment_id, amount, reason)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])
     ON CONFLICT (payment_id) DO NOTHING`,
    [
      refunds.map((r) => r.id),
      refunds.map((r) => r.ticketId),
      refunds.map((r) => r.paymentId),
      refunds.map((r) => r.amount),
      refunds.map((r) => r.reason),
    ],
  );
}

export interface ClaimedRefund {
  id: string;
  ticket_id: string;
  amount: number;
  attempts: number;
  provider_refund_id: string | null;
  provider_payment_id: string | null;
}

const CLAIMED_COLUMNS = `r.id, r.ticket_id, r.amount, r.attempts, r.provider_refund_id, p.provider_payment_id`;

/**
 * Takes pending refunds due at `now` (all of the ticket's when `ticketId` is given) for one sender:
 * each is leased for a while, so another process or a later round leaves it alone unless this sender
 * dies. Rows another transaction holds are skipped.
 */
export async function claimDueRefunds(
  db: Queryable,
  now: Date,
  limit: number,
  ticketId: string | null = null,
): Promise<ClaimedRefund[]> {
  return db.query<ClaimedRefund>(
    `WITH due AS (
       SELECT id FROM refunds
       WHERE status = 'pending' AND next_attempt_at <= $1 AND ($3::text IS NULL OR ticket_id = $3)
       ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE refunds r SET attempts = r.attempts + 1, next_attempt_at = $1::timestamptz + $4 * interval '1 millisecond'
       FROM due WHERE r.id = due.id
       RETURNING r.*
     )
     SELECT ${CLAIMED_COLUMNS} FROM claimed r JOIN payments p ON p.id = r.payment_id`,
    [now, limit, ticketId, CLAIM_LEASE_MS],
  );
}

/**
 * Writes what the provider said; run it in a transaction. A refund that is no longer pending is not
 * changed again (undefined). A settled refund gives its ticket a new version, so replicas see it.
 */
export async function recordRefund(
  db: Queryable,
  id: string,
  outcome: {
    status: RefundStatus;
    providerRefundId?: string | null;
    error?: string | null;
    nextAttemptAt?: Date | null;
  },
): Promise<{ ticketId: string; settled: boolean } | undefined> {
  const [row] = await db.query<{ ticket_id: string; was: string }>(
    `WITH old AS (SELECT id, status FROM refunds WHERE id = $1 FOR UPDATE)
     UPDATE refunds r SET status = $2, provider_refund_id = coalesce($3, r.provider_refund_id), last_error = $4,
            next_attempt_at = coalesce($5, r.next_attempt_at), updated_at = now()
     FROM old WHERE r.id = old.id AND old.status = 'pending'
     RETURNING r.ticket_id, old.status AS was`,
    [
      id,
      outcome.status,
      outcome.providerRefundId ?? null,
      outcome.error ?? null,
      outcome.nextAttemptAt ?? null,
    ],
  );
  if (!row) return undefined;
  const settled = outcome.status !== 'pending';
  if (settled) await db.query('UPDATE tickets SET updated_at = now() WHERE id = $1', [row.ticket_id]);
  return { ticketId: row.ticket_id, settled };
}
