import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import { emailHeldByOther } from '../storage/accounts';
import type { Db, Queryable } from '../storage/db';
import { insertChange, newestChange, voidChange } from '../storage/email-changes';
import { CODE_TTL_MS, codeAlive, judgeCode, sealCode } from './auth-codes';
import { AUTH_SERVICE_TEXTS, EMAIL_CHANGE_MAIL, PROFILE_TEXTS } from './auth-texts';
import { ServiceError } from './errors';
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
  if (await emailHeldByOther(tx, userId, email)) throw new ServiceError('conflict', PROFILE_TEXTS.emailTaken);
  const live = await newestChange(tx, userId, true);
  if (live && codeAlive(live, now) && live.new_email === email) return null;
  await hitRateLimit(tx, RATE_RULES.emailChangePerAccount, String(userId), now);
  await hitRateLimit(tx, RATE_RULES.emailChangePerAddress, email, now);
  const sealed = sealCode(now);
  const changeId = await insertChange(tx, userId, email, sealed, now);
  return { changeId, userId, to: email, code: sealed.code };
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
    await voidChange(deps.db, outgoing.changeId, deps.now());
    throw new ServiceError('failedDependency', AUTH_SERVICE_TEXTS.mailFailed);
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
