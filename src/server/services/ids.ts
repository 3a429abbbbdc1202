import { randomFillSync } from 'node:crypto';

// Random bytes are taken from a pool filled 4 KB at a time, as Node's own randomUUID does: one call
// into the system's generator per few hundred ids instead of one per id (a booking takes three).

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/** `bytes` fresh random bytes (at most the pool's size), each used once, written as text. */
export function randomText(bytes: number, encoding: 'hex' | 'base64url'): string {
  if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString(encoding, used, used + bytes);
  used += bytes;
  return text;
}

/**
 * A new excursion, tour or ticket id: 24 lowercase hex characters, seconds since the epoch first (as a
 * MongoDB ObjectId, which the spec's `_id` fields suggest), so ids sort roughly by creation time.
 */
export function newEntityId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomText(8, 'hex');
}
