import type { Queryable } from '../storage/db';
import { countHit, uncountHit } from '../storage/rate-limits';
import { AUTH_SERVICE_TEXTS } from './auth-texts';
import { ServiceError } from './errors';

// Fixed-window counters in the rate_limits table (migration 3), so every server process sharing the
// database shares the limits. One upsert per hit: it starts a new window once the old one is over.

export interface RateRule {
  /** Names the counter family, e.g. 'login-ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Failed sign-in steps per network address: a wrong password, a wrong or expired code, an unknown
 * account, a registration of a taken e-mail. Successes never count, so a hotel's Wi-Fi or a carrier's
 * NAT with hundreds of people behind one address signs them all in; AUTH_FAILURES_PER_ADDRESS sets
 * the limit in use, and this one is its default.
 */
const AUTH_FAILURES_PER_IP = { name: 'auth-failures-ip', limit: 300, windowMs: 15 * 60_000 } as const;

export const RATE_RULES = {
  // Per account: every try counts, whatever the address.
  loginPerAccount: { name: 'login-account', limit: 5, windowMs: 15 * 60_000 },
  sendPerAccount: { name: 'send-account', limit: 3, windowMs: 10 * 60_000 },
  verifyPerAccount: { name: 'verify-account', limit: 10, windowMs: 15 * 60_000 },
  /** Password-reset codes asked for one e-mail, known or not, so the 429 does not tell them apart. */
  resetSendPerEmail: { name: 'reset-send-email', limit: 3, windowMs: 10 * 60_000 },
  // Per address: only failures count (see takePlace), sign-ins and code checks together.
  authPerIp: AUTH_FAILURES_PER_IP,
  /** Code e-mails one address makes the server send (mail bombing); generous for a shared NAT. */
  codeMailsPerIp: { name: 'code-mail-ip', limit: 200, windowMs: 15 * 60_000 },
  /** Bookings made by one account: with the cap on unpaid holds, bounds booking and cancelling in a loop. */
  bookingPerAccount: { name: 'booking-account', limit: 20, windowMs: 10 * 60_000 },
  // Codes for a new e-mail: mails per account (apart from its login codes), mails to one address
  // whoever asks, and confirmation tries per account.
  emailChangePerAccount: { name: 'email-change-account', limit: 3, windowMs: 10 * 60_000 },
  emailChangePerAddress: { name: 'email-change-address', limit: 3, windowMs: 10 * 60_000 },
  emailConfirmPerAccount: { name: 'email-confirm-account', limit: 10, windowMs: 15 * 60_000 },
  /**
   * Requests carrying files, per account (http/upload-limit.ts). Ten a minute is more than a person
   * picking an avatar or sending excursion forms ever needs, and bounds the decoding one account can
   * ask of the server.
   */
  uploadsPerAccount: { name: 'upload-account', limit: 10, windowMs: 60_000 },
} as const satisfies Record<string, RateRule>;

/** Counts one hit of `subject` against `rule`; throws 429 {detail} once the window's limit is passed. */
export async function hitRateLimit(db: Queryable, rule: RateRule, subject: string, now: Date): Promise<void> {
  const windowOpenedAfter = new Date(now.getTime() - rule.windowMs);
  const { count } = await countHit(db, `${rule.name}:${subject}`, now, windowOpenedAfter);
  if (count > rule.limit) throw new ServiceError('tooMany', AUTH_SERVICE_TEXTS.tooMany);
}

/**
 * Takes one of the `limit` (the rule's own unless given) places `subject` has in the open window, for
 * counters that only failures raise: the caller gives the place back (the answer) unless its call
 * failed. Taken and checked in one statement, so calls that start together cannot all pass a check
 * made before any of them failed. Throws 429 {detail} when no place is left, counting nothing.
 */
export async function takePlace(
  db: Queryable,
  rule: RateRule,
  subject: string,
  now: Date,
  limit: number = rule.limit,
): Promise<() => Promise<void>> {
  const key = `${rule.name}:${subject}`;
  const { count, windowStart } = await countHit(db, key, now, new Date(now.getTime() - rule.windowMs));
  const giveBack = () => uncountHit(db, key, windowStart);
  if (count > limit) {
    await giveBack();
    throw new ServiceError('tooMany', AUTH_SERVICE_TEXTS.tooMany);
  }
  return giveBack;
}
