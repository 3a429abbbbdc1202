import type { Queryable, TransactionOptions } from '../../storage/db';
import { ServiceError } from '../errors';
import { BOOKING_TEXTS, LOCK_TIMEOUT_MS } from './texts';

/**
 * The guards that keep bookings, cancellations and the hold sweeper from overselling, deadlocking or
 * waiting without end. Production runs with all of them (PRODUCTION_BOOKING_GUARDS); a reliability
 * test builds its server with its own object and switches one off, so its control run shows the
 * bug the guard is there to prevent.
 */
export interface BookingGuards {
  /** A booking locks its account and its tour (migration 9: book_ticket's p_lock). */
  lock: boolean;
  /** Seats are written in ascending order. */
  orderedSeats: boolean;
  /** Lock waits are bounded by LOCK_TIMEOUT_MS. */
  lockTimeout: boolean;
  /** Holds that ran out free their seats before a booking counts them, and the sweeper frees them. */
  expireHolds: boolean;
  /** A cancellation locks the tour before the ticket (the lock order of a booking and a payment). */
  tourFirst: boolean;
  /** Bookings sent together go ordered by tour (storage/booking-batch.ts). */
  orderByTour: boolean;
}

export const PRODUCTION_BOOKING_GUARDS: Readonly<BookingGuards> = Object.freeze({
  lock: true,
  orderedSeats: true,
  lockTimeout: true,
  expireHolds: true,
  tourFirst: true,
  orderByTour: true,
});

export const LOCK_NOT_AVAILABLE = '55P03';
export const DEADLOCK_DETECTED = '40P01';

/**
 * How a transaction that books, cancels or pays opens: with its lock waits bounded from BEGIN (one
 * round trip fewer than a `SET LOCAL` of its own). withBoundedLocks then has nothing to set.
 */
export function boundedLocks(
  guards: Readonly<BookingGuards> = PRODUCTION_BOOKING_GUARDS,
): TransactionOptions {
  return guards.lockTimeout ? { lockTimeoutMs: LOCK_TIMEOUT_MS } : {};
}

/** A lock wait that ran out or a deadlock the database broke, as the caller sees it. */
export function busyRefusal(error: unknown): ServiceError | undefined {
  const code = (error as { code?: string }).code;
  return code === LOCK_NOT_AVAILABLE || code === DEADLOCK_DETECTED
    ? new ServiceError('conflict', BOOKING_TEXTS.busy)
    : undefined;
}

/**
 * Runs `fn` with the transaction's lock waits bounded; a wait that runs out or a deadlock becomes a
 * 409 with a Russian detail. Must be the transaction's first use of row locks. A transaction opened
 * with boundedLocks() already has the timeout.
 */
export async function withBoundedLocks<T>(
  tx: Queryable,
  fn: () => Promise<T>,
  guards: Readonly<BookingGuards> = PRODUCTION_BOOKING_GUARDS,
): Promise<T> {
  if (guards.lockTimeout && tx.lockTimeoutMs !== LOCK_TIMEOUT_MS)
    await tx.query(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
  try {
    return await fn();
  } catch (error) {
    throw busyRefusal(error) ?? error;
  }
}
