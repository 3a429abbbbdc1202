import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import type { Db, Queryable } from '../storage/db';
import { CODE_TTL_MS, codeAlive, judgeCode, sealCode, type StoredCode } from './auth-codes';
import { AUTH_SERVICE_TEXTS, EMAIL_CHANGE_MAIL, PROFILE_TEXTS } from './auth-texts';
import { hitRateLimit, RATE_RULES } from './rate-limit';

// A new e-mail for an account takes effect only once the code mailed to that address comes back:
// the address is proved to be the user's before anything (registration, the admin's address) can
// count it as theirs. The codes follow the login codes' rules (auth-codes.ts) in a table of their
// own (email_changes), so a login does not void a pending change and a change does not void a login.

/** A code stored by a transaction, to be mailed once that transaction has committed. */
export interface OutgoingEmailCode {
  changeId: number;
  userId: number;
  to: string;
  code: string;
}

interface ChangeRow extends StoredCode {
  new_email: string;
}

async function newestChange(q: Queryable, userId: number, lock: boolean): Promise<ChangeRow | undefined> {
  const [row] = await q.query<ChangeRow>(
    `SELECT id, new_email, salt, code_hash, expires_at, attempts, used_at FROM email_changes
     WHERE user_id = $1 ORDER BY id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return row;
}

/** Whether another account holds `email`, compared case-insensitively. */
export async function emailHeldByOther(q: Queryable, userId: number, email: string): Promise<boolean> {
  const [row] = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
    email,
    userId,
  ]);
  return Boolean(row);
}

/** The new address waiting for its code, while that code can still be entered. */
export async function pendingEmail(db: Queryable, userId: number, now: Date): Promise<string | null> {
  const row = await newestChange(db, userId, false);
  return row && codeAlive(row, now) ? row.new_email : null;
}

/**
 * Runs in the profile transaction: asks for `email` to become the user's address. Answers the code
 * to mail, or null when that address already waits for a live code (a repeated save, or a replayed
 * request, mails nothing new). A new code voids the previous one. Refuses an address another account
 * holds, and counts the mails against the per-account and per-address limits.
 */
export async function requestEmailChange(
  tx: Queryable,
  userId: number,
  email: string,
  now: Date,
): Promise<OutgoingEmailCode | null> {
  if (await emailHeldByOther(tx, userId, email)) throw new HttpError(409, PROFILE_TEXTS.emailTaken);
  const live = await newestChange(tx, userId, true);
  if (live && codeAlive(live, now) && live.new_email === email) return null;
  await hitRateLimit(tx, RATE_RULES.emailChangePerAccount, String(userId), now);
  await hitRateLimit(tx, RATE_RULES.emailChangePerAddress, email, now);
  const sealed = sealCode(now);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO email_changes (user_id, new_email, salt, code_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, email, sealed.salt, sealed.hash, sealed.expiresAt, now],
  );
  if (!row) throw new Error('email_changes insert returned no row');
  return { changeId: row.id, userId, to: email, code: sealed.code };
}

/**
 * Mails a stored code to the new address. When the mail cannot be handed over the code is voided, so
 * the next save asks for a new one, and the caller gets 424 {detail}: the request was fine, the mail
 * service failed.
 */
export async function mailEmailCode(
  deps: { db: Db; mailer: Mailer; log: Logger; now: () => Date },
  outgoing: OutgoingEmailCode,
): Promise<void> {
  try {
    await deps.mailer.send({
      to: outgoing.to,
      subject: EMAIL_CHANGE_MAIL.subject,
      text: EMAIL_CHANGE_MAIL.text(outgoing.code, CODE_TTL_MS / 60_000),
    });
  } catch (error) {
    deps.log.error(`sending the e-mail change code to user ${outgoing.userId} failed`, error);
    await deps.db.query('UPDATE email_changes SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [
      outgoing.changeId,
      deps.now(),
    ]);
    throw new HttpError(424, AUTH_SERVICE_TEXTS.mailFailed);
  }
}

export type EmailCodeCheck = { state: 'ok'; email: string } | { state: 'wrong' } | { state: 'dead' };

/** Checks a code against the user's newest change and consumes it on success (auth-codes judgeCode). */
export async function checkEmailCode(
  tx: Queryable,
  userId: number,
  code: string,
  now: Date,
): Promise<EmailCodeCheck> {
  const row = await newestChange(tx, userId, true);
  if (!row) return { state: 'dead' };
  const check = await judgeCode(tx, 'email_changes', row, code, now);
  return check === 'ok' ? { state: 'ok', email: row.new_email } : { state: check };
}
