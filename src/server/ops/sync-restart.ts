import type { Queryable } from '../storage/db';

// After a restore the database is back at the backup's change versions, while phones that synced
// after the backup hold cursors past them: asked "what changed after N", the restored server would
// answer with versions it hands out anew and skip the rows the phones hold but the backup lacks.
// So the restore moves the version counter far past anything the lost database can have handed out
// and raises the sync floor (docs/sync.md, "Tombstones and compaction") to there: every cursor issued
// before the restore is below the floor and answered "start over", and cursors issued after it are not.

/**
 * How far the counter jumps. More changes than this between a backup and its restore would take
 * years of a busy server; versions stay far below 2^53 after millions of restores.
 */
export const RESTORE_VERSION_GAP = 1_000_000_000;

/** Moves the change counter and the sync floor past every cursor the lost database issued. */
export async function startSyncOver(db: Queryable): Promise<number> {
  const [row] = await db.query<{ last_value: number }>('SELECT last_value FROM change_version');
  const [floor] = await db.query<{ value: string }>(`SELECT value FROM meta WHERE key = 'sync_floor'`);
  const next = Math.max(Number(row?.last_value ?? 0), Number(floor?.value ?? 0)) + RESTORE_VERSION_GAP;
  await db.query(`SELECT setval('change_version', $1, true)`, [next]);
  await db.query(
    `INSERT INTO meta (key, value) VALUES ('sync_floor', $1)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [String(next)],
  );
  return next;
}
