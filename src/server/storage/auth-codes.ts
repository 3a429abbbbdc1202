import type { Queryable } from './db';

// The stored e-mailed codes: login_codes, and email_changes, whose rows share the code's columns.

/** The columns of a stored code, in login_codes and email_changes alike. */
export interface StoredCode {
  id: number;
  salt: string;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
}

export interface SealedCode {
  salt: string;
  hash: string;
  expiresAt: Date;
}

/**
 * What a code in login_codes is for (migration 23): signing in, or setting a new password. Each
 * purpose has its own newest code, so asking for one never voids the other.
 */
export type CodePurpose = 'login' | 'password-reset';

export async function insertLoginCode(
  db: Queryable,
  userId: number,
  attemptId: string,
  sealed: SealedCode,
  now: Date,
  purpose: CodePurpose = 'login',
): Promise<void> {
  await db.query(
    `INSERT INTO login_codes (user_id, attempt_id, salt, code_hash, expires_at, created_at, purpose)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, attemptId, sealed.salt, sealed.hash, sealed.expiresAt, now, purpose],
  );
}

/** The user's newest code of `purpose`, locked (FOR UPDATE) by the caller's transaction. */
export async function lockNewestLoginCode(
  tx: Queryable,
  userId: number,
  purpose: CodePurpose = 'login',
): Promise<StoredCode | undefined> {
  const [row] = await tx.query<StoredCode>(
    `SELECT id, salt, code_hash, expires_at, attempts, used_at FROM login_codes
     WHERE user_id = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose],
  );
  return row;
}

export type CodeTable = 'login_codes' | 'email_changes';

export async function countCodeTry(tx: Queryable, table: CodeTable, id: number): Promise<void> {
  await tx.query(`UPDATE ${table} SET attempts = attempts + 1 WHERE id = $1`, [id]);
}

export async function markCodeUsed(tx: Queryable, table: CodeTable, id: number, now: Date): Promise<void> {
  await tx.query(`UPDATE ${table} SET used_at = $2 WHERE id = $1`, [id, now]);
}
