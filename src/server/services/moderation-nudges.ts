import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import { adminIds } from '../storage/moderation';
import { hasExcursionInReview } from '../storage/review-queue';

/**
 * Makes a user's app pull: an excursion out of the catalogue is not announced publicly, yet its
 * owner's replica holds it and shows its moderation status, and every admin's replica holds the review
 * queues. The personal channel carries no row, so the app reads the change from its pull.
 */
export function pullNudge(userId: number): ServerEvent {
  return { channel: 'USER_UPDATE', userId, data: { action: 'profile_update', user_id: userId } };
}

/** The owner's app and every admin's pull: the excursion's moderation changed. */
export async function moderationNudges(tx: Queryable, ownerId: number): Promise<ServerEvent[]> {
  const users = new Set([ownerId, ...(await adminIds(tx))]);
  return [...users].map(pullNudge);
}

/** Every admin's pull when a seller with an excursion in review changes their contacts: the cards show them. */
export async function sellerContactNudges(tx: Queryable, sellerId: number): Promise<ServerEvent[]> {
  if (!(await hasExcursionInReview(tx, sellerId))) return [];
  return (await adminIds(tx)).filter((id) => id !== sellerId).map(pullNudge);
}
