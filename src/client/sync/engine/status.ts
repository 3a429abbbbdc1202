import type { ReplicaDb } from '../../db/schema';
import type { SocketState } from '../live/socket';

// Sync status kept in the replica, so every tab (not only the leader) can show it live: the
// connection widget of SPEC §1 and the offline indicator read it.

export interface SyncStatus {
  online: boolean;
  socket: SocketState;
  lastSyncedAt: number | null;
  lastError: string | null;
  /** The outbox waits for a login (signed out, or the token expired). */
  paused: boolean;
  /** The browser refused to store more (quota); shown to the user, never swallowed. */
  storageFull: boolean;
}

export const INITIAL_STATUS: SyncStatus = {
  online: true,
  socket: 'idle',
  lastSyncedAt: null,
  lastError: null,
  paused: false,
  storageFull: false,
};

export const MAX_LOG_ROWS = 50;

export async function readStatus(db: ReplicaDb): Promise<SyncStatus> {
  const row = await db.meta.get('status');
  return { ...INITIAL_STATUS, ...((row?.value as Partial<SyncStatus> | undefined) ?? {}) };
}

export async function updateStatus(db: ReplicaDb, patch: Partial<SyncStatus>): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = await readStatus(db);
    const next = { ...current, ...patch };
    if (JSON.stringify(next) !== JSON.stringify(current)) await db.meta.put({ key: 'status', value: next });
  });
}

/** Keeps the last messages for the debug widget, trimming the log to MAX_LOG_ROWS. */
export async function logMessage(
  db: ReplicaDb,
  direction: 'in' | 'out' | 'info',
  text: string,
): Promise<void> {
  await db.transaction('rw', db.log, async () => {
    await db.log.add({ at: Date.now(), direction, text: text.slice(0, 500) });
    const count = await db.log.count();
    if (count > MAX_LOG_ROWS) {
      const old = await db.log
        .orderBy('id')
        .limit(count - MAX_LOG_ROWS)
        .primaryKeys();
      await db.log.bulkDelete(old);
    }
  });
}

/** True for the browser's "storage is full" errors, in any of the forms browsers and Dexie raise. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string; inner?: { name?: string } } | null)?.name;
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}
