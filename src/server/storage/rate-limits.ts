import type { Queryable } from './db';

// The rate_limits table (migration 3): fixed-window counters shared by every server process.

/**
 * Counts one hit on the counter `key` and returns its count in the window and when that window
 * opened: a window opened at or before `windowOpenedAfter` is over, and the hit starts a new one at
 * `now`. One upsert per hit, so hits that come together are each counted and each see their own count.
 */
export async function countHit(
  db: Queryable,
  key: string,
  now: Date,
  windowOpenedAfter: Date,
): Promise<{ count: number; windowStart: Date }> {
  const [row] = await db.query<{ count: number; window_start: Date }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN rate_limits.window_start <= $3 THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
       count = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.count + 1 END
     RETURNING count, window_start`,
    [key, now, windowOpenedAfter],
  );
  return { count: Number(row?.count ?? 0), windowStart: new Date(row?.window_start ?? now) };
}

/** Takes back one hit counted in the window that opened at `windowStart`; none once that window is over. */
export async function uncountHit(db: Queryable, key: string, windowStart: Date): Promise<void> {
  await db.query(
    'UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0',
    [key, windowStart],
  );
}
