import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '../../protocol/auth';
import {
  countCodeTry,
  insertLoginCode,
  lockNewestLoginCode,
  markCodeUsed,
  type CodePurpose,
  type CodeTable,
  type StoredCode,
} from '../storage/auth-codes';
import type { Queryable } from '../storage/db';

export type { CodePurpose, StoredCode } from '../storage/auth-codes';

// E-mailed six-digit codes. A code is drawn from the CSPRNG, stored only as sha256(salt || code),
// lives CODE_TTL_MS, is single-use, and dies after MAX_CODE_ATTEMPTS wrong tries. Only the user's
// newest code counts: a new login attempt silently voids the previous one (the attempt binding).

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

export function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(salt).update(code).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** A fresh code with what is stored of it: a salt, the salted hash and the expiry. */
export function sealCode(now: Date): { code: string; salt: string; hash: string; expiresAt: Date } {
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  return { code, salt, hash: hashCode(salt, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS) };
}

/** Stores a fresh code for the user and returns it (to be mailed, never logged elsewhere). */
export async function issueCode(
  db: Queryable,
  userId: number,
  now: Date,
  purpose: CodePurpose = 'login',
): Promise<string> {
  const sealed = sealCode(now);
  await insertLoginCode(db, userId, randomBytes(16).toString('hex'), sealed, now, purpose);
  return sealed.code;
}

export type CodeCheck = 'ok' | 'wrong' | 'dead';

/** Whether a stored code can still be entered: unused, not tried too often, not expired. */
export function codeAlive(row: StoredCode, now: Date): boolean {
  return (
    !row.used_at && row.attempts < MAX_CODE_ATTEMPTS && new Date(row.expires_at).getTime() > now.getTime()
  );
}

/**
 * Checks `code` against a stored one, read locked (FOR UPDATE) by the caller's transaction, and
 * consumes it on success; a wrong code counts as a try. The lock makes two concurrent checks of one
 * code count as two tries and lets only one of them consume it.
 */
export async function judgeCode(
  tx: Queryable,
  table: CodeTable,
  row: StoredCode | undefined,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  if (!row || !codeAlive(row, now)) return 'dead';
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(row.salt, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    await countCodeTry(tx, table, row.id);
    return 'wrong';
  }
  await markCodeUsed(tx, table, row.id, now);
  return 'ok';
}

/** Checks a code against the user's newest one of `purpose` and consumes it on success. */
export async function checkCode(
  tx: Queryable,
  userId: number,
  code: string,
  now: Date,
  purpose: CodePurpose = 'login',
): Promise<CodeCheck> {
  const row = await lockNewestLoginCode(tx, userId, purpose);
  return judgeCode(tx, 'login_codes', row, code, now);
}
