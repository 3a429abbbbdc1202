import type { Config } from '../config';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import type { MediaStore } from '../media/store';
import type { Metrics } from '../metrics';
import type { Payments } from '../payments';
import type { EventBus } from '../realtime/events';
import type { BookingGuards } from '../services/booking';
import type { TokenService } from '../services/tokens';
import type { Db } from '../storage/db';

/** What every route needs, passed in explicitly so tests can build an app on any database. */
export interface AppDeps {
  config: Config;
  db: Db;
  media: MediaStore;
  log: Logger;
  events: EventBus;
  tokens: TokenService;
  /** Sends the login codes (SMTP, or the log without SMTP_URL). */
  mailer: Mailer;
  payments: Payments;
  /** The current time; replaceable so tests can move the clock. */
  now: () => Date;
  /** The booking guards; all on (PRODUCTION_BOOKING_GUARDS) unless a test's control run sets them. */
  bookingGuards?: Readonly<BookingGuards>;
  /**
   * This server's counters and timings (GET /metrics). Routes record through it; an app a test
   * builds by hand may leave it out, and createApp then makes one of its own.
   */
  metrics?: Metrics;
}
