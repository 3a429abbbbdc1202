import { removeMediaFiles } from '../media/ingest';
import type { MediaStore } from '../media/store';
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
 * long closed, stored idempotent answers no client will replay any more, and revoked tokens past
 * their expiry. Returns rows deleted.
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
    // A revoked token is refused by its expiry alone once that has passed: its entry can go.
    const [revoked] = await tx.query<{ n: number }>(
      'WITH gone AS (DELETE FROM revoked_tokens WHERE expires_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
      [now.toISOString()],
    );
    deleted += Number(revoked?.n ?? 0);
    return deleted;
  });
  return total ?? 0;
}

/** An uploaded avatar no profile wears is kept this long: the upload and the profile save are two steps. */
export const UNUSED_AVATAR_HOURS = 24;

/** Avatars deleted per run at most, so one run stays short; the next run takes the rest. */
const UNUSED_AVATAR_BATCH = 500;

// Every column that names a stored media file. A media id found in any of them is in use.
const MEDIA_IN_USE = `(
  EXISTS (SELECT 1 FROM users u WHERE u.avatar = m.id)
  OR EXISTS (SELECT 1 FROM excursions e WHERE e.video = m.id OR m.id = ANY (e.images) OR m.id = ANY (e.gallery))
  OR EXISTS (SELECT 1 FROM places p WHERE p.image = m.id OR p.preview = m.id OR m.id = ANY (p.gallery))
  OR EXISTS (SELECT 1 FROM cities c WHERE c.image = m.id)
  OR EXISTS (SELECT 1 FROM banners b WHERE b.image = m.id)
  OR EXISTS (SELECT 1 FROM special_offers s WHERE s.image = m.id)
)`;

/**
 * Deletes avatars uploaded more than `maxAgeHours` ago that nothing uses: never set on a profile, or
 * replaced since. Their rows go in one transaction, their files after it commits. Returns how many.
 *
 * A profile save that picks one of them holds its media row FOR SHARE (services/users-profile.ts):
 * the candidates are locked first, which waits for such a save, and the DELETE then checks again with
 * a fresh snapshot that sees its commit. A save that comes later finds the row gone and is refused.
 */
export async function purgeUnusedAvatars(
  db: Db,
  media: MediaStore,
  now: Date,
  maxAgeHours = UNUSED_AVATAR_HOURS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeHours * 3_600_000).toISOString();
  const gone = await exclusively(db, JOB_LOCKS.unusedAvatars, async (tx) => {
    const candidates = await tx.query<{ id: string }>(
      `SELECT m.id FROM media m
       WHERE m.kind = 'avatar' AND m.created_at < $1 AND NOT ${MEDIA_IN_USE}
       ORDER BY m.created_at LIMIT ${UNUSED_AVATAR_BATCH} FOR UPDATE`,
      [cutoff],
    );
    if (candidates.length === 0) return [];
    const deleted = await tx.query<{ id: string }>(
      `DELETE FROM media m WHERE m.id = ANY ($1::text[]) AND NOT ${MEDIA_IN_USE} RETURNING m.id`,
      [candidates.map((row) => row.id)],
    );
    return deleted.map((row) => row.id);
  });
  await removeMediaFiles(media, gone ?? []);
  return gone?.length ?? 0;
}
