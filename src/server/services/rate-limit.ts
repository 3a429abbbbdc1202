import { HttpError } from '../http/errors';
import type { Queryable } from '../storage/db';
import { AUTH_SERVICE_TEXTS } from './auth-texts';

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
  const [row] = await db.query<{ count: number }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN rate_limits.window_start <= $3 THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
       count = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.count + 1 END
     RETURNING count`,
    [`${rule.name}:${subject}`, now, windowOpenedAfter],
  );
  if ((row?.count ?? 0) > rule.limit) throw new HttpError(429, AUTH_SERVICE_TEXTS.tooMany);
}
