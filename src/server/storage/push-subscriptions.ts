import type { Queryable } from './db';

// The push_subscriptions table (migration 21): each browser's endpoint, its owner and its keys.

export interface PushSubscriptionRow {
  endpoint: string;
  user_id: number;
  p256dh: string;
  auth: string;
}

/**
 * The most browsers one user keeps subscribed: a phone and a few computers. Each reminder is pushed to
 * every one of them, so a user cannot make the server post to an unbounded list.
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Keeps the endpoint for the user; the same endpoint again takes the new keys and owner. Past
 * MAX_SUBSCRIPTIONS_PER_USER the user's oldest subscriptions are forgotten.
 */
export async function saveSubscription(
  tx: Queryable,
  userId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
           created_at = EXCLUDED.created_at`,
    [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth, now],
  );
  await tx.query(
    `DELETE FROM push_subscriptions WHERE endpoint IN (
       SELECT endpoint FROM push_subscriptions WHERE user_id = $1
        ORDER BY created_at DESC, endpoint OFFSET $2)`,
    [userId, MAX_SUBSCRIPTIONS_PER_USER],
  );
}

/** Forgets the user's own subscription of that endpoint; another user's stays. */
export async function deleteOwnSubscription(tx: Queryable, userId: number, endpoint: string): Promise<void> {
  await tx.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [endpoint, userId]);
}

/**
 * Forgets a subscription its push service no longer knows: only while it still has those keys, so a
 * browser that subscribed the endpoint again meanwhile keeps its new subscription.
 */
export async function deleteGoneSubscription(db: Queryable, endpoint: string, p256dh: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND p256dh = $2', [endpoint, p256dh]);
}

/** Every subscription of these users. */
export async function subscriptionsOf(db: Queryable, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.query<PushSubscriptionRow>(
    `SELECT endpoint, user_id, p256dh, auth FROM push_subscriptions
      WHERE user_id = ANY($1::int[]) ORDER BY user_id, created_at, endpoint`,
    [userIds],
  );
}
