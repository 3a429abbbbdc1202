import { randomBytes } from 'node:crypto';

/**
 * A new excursion, tour or ticket id: 24 lowercase hex characters, seconds since the epoch first (as a
 * MongoDB ObjectId, which the spec's `_id` fields suggest), so ids sort roughly by creation time.
 */
export function newEntityId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
