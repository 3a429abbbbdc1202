import type { Queryable } from './db';

// The rate_limits table (migration 3): fixed-window counters shared by every server process.

/**
 * Counts one hit on the counter `key` and returns its count in the window: a window opened at or
 * before `windowOpenedAfter` is over, and the hit starts a new one at `now`. One upsert per hit.
 */
export async function countHit(
  db: Queryable,
  key: string,
  now: Date,
  windowOpenedAfter: Date,
): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN rate_limits.window_start <= $3 THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
       count = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.count + 1 END
     RETURNING count`,
    [key, now, windowOpenedAfter],
  );
  return row?.count ?? 0;
}
