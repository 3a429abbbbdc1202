import type { SealedCode, StoredCode } from './auth-codes';
import type { Queryable } from './db';

// The email_changes table: a new address waiting for the code mailed to it.

export interface ChangeRow extends StoredCode {
  new_email: string;
}

/** The user's newest requested change, locked FOR UPDATE when `lock`. */
export async function newestChange(
  q: Queryable,
  userId: number,
  lock: boolean,
): Promise<ChangeRow | undefined> {
  const [row] = await q.query<ChangeRow>(
    `SELECT id, new_email, salt, code_hash, expires_at, attempts, used_at FROM email_changes
     WHERE user_id = $1 ORDER BY id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return row;
}

/** Stores a requested change with its sealed code; the row's id. */
export async function insertChange(
  tx: Queryable,
  userId: number,
  email: string,
  sealed: SealedCode,
  now: Date,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO email_changes (user_id, new_email, salt, code_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, email, sealed.salt, sealed.hash, sealed.expiresAt, now],
  );
  if (!row) throw new Error('email_changes insert returned no row');
  return row.id;
}

/** Voids a change's code that was never mailed. */
export async function voidChange(db: Queryable, changeId: number, now: Date): Promise<void> {
  await db.query('UPDATE email_changes SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [changeId, now]);
}
