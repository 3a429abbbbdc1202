import type { Queryable } from '../storage/db';
import { countHit } from '../storage/rate-limits';
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

export const RATE_RULES = {
  loginPerAccount: { name: 'login-account', limit: 5, windowMs: 15 * 60_000 },
  authPerIp: { name: 'auth-ip', limit: 20, windowMs: 15 * 60_000 },
  sendPerAccount: { name: 'send-account', limit: 3, windowMs: 10 * 60_000 },
  verifyPerAccount: { name: 'verify-account', limit: 10, windowMs: 15 * 60_000 },
  verifyPerIp: { name: 'verify-ip', limit: 30, windowMs: 15 * 60_000 },
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
  const count = await countHit(db, `${rule.name}:${subject}`, now, windowOpenedAfter);
  if (count > rule.limit) throw new ServiceError('tooMany', AUTH_SERVICE_TEXTS.tooMany);
}
