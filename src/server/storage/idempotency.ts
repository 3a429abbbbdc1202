import type { Stored } from '../services/mutation';
import type { Queryable } from './db';

// The idempotency_keys table: a write's stored answer, kept in the write's own transaction.

export interface StoredAnswer {
  method: string;
  path: string;
  requestHash: string | null;
  status: number;
  body: unknown;
}

/** Stores an answer under the user's key; false when a concurrent request stored one first. */
export async function insertStored(
  tx: Queryable,
  userId: number,
  key: string,
  answer: StoredAnswer,
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, status, body)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING 1`,
    [userId, key, answer.method, answer.path, answer.requestHash, answer.status, JSON.stringify(answer.body)],
  );
  return inserted.length > 0;
}

export async function readStored(db: Queryable, userId: number, key: string): Promise<Stored | null> {
  const rows = await db.query<Stored>(
    `SELECT method, path, request_hash, status, body FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
    [userId, key],
  );
  return rows[0] ?? null;
}
