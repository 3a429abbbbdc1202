import { exclusively, JOB_LOCKS, type Db } from './db';

/** How long deletions are remembered for replicas that were offline. */
export const TOMBSTONE_RETENTION_DAYS = 30;

/**
 * Drops tombstones older than the retention and raises the sync floor to the newest version dropped:
 * a replica whose cursor is below the floor might have missed one of them, so it is told to start over.
 */
export async function compactTombstones(
  db: Db,
  now: Date,
  retentionDays = TOMBSTONE_RETENTION_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  // One process at a time (several may share the database); the one that waits simply skips.
  const count = await exclusively(db, JOB_LOCKS.compaction, async (tx) => {
    const [dropped] = await tx.query<{ count: number; top: number | null }>(
      `WITH gone AS (DELETE FROM tombstones WHERE deleted_at < $1 RETURNING version)
       SELECT count(*)::int AS count, max(version) AS top FROM gone`,
      [cutoff.toISOString()],
    );
    if (dropped && dropped.top !== null) {
      await tx.query(
        `INSERT INTO meta (key, value) VALUES ('sync_floor', $1)
         ON CONFLICT (key) DO UPDATE SET value = GREATEST(meta.value::bigint, EXCLUDED.value::bigint)::text`,
        [String(dropped.top)],
      );
    }
    return dropped?.count ?? 0;
  });
  return count ?? 0;
}

/** Spent login codes, closed rate-limit windows and old idempotent answers are kept this long. */
export const HOUSEKEEPING_RETENTION_DAYS = 7;

/**
 * Deletes rows that only matter for a short while: login codes past their expiry, rate-limit windows
 * long closed, and stored idempotent answers no client will replay any more. Returns rows deleted.
 */
export async function pruneShortLived(
  db: Db,
  now: Date,
  retentionDays = HOUSEKEEPING_RETENTION_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const total = await exclusively(db, JOB_LOCKS.housekeeping, async (tx) => {
    let deleted = 0;
    for (const sql of [
      'DELETE FROM login_codes WHERE expires_at < $1',
      'DELETE FROM rate_limits WHERE window_start < $1',
      'DELETE FROM idempotency_keys WHERE created_at < $1',
    ]) {
      const rows = await tx.query(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, [
        cutoff,
      ]);
      deleted += Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    }
    return deleted;
  });
  return total ?? 0;
}
