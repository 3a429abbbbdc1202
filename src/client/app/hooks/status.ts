import { useLiveQuery } from './live-query';
import type { LogRow, RejectionRow } from '../../db/schema';
import { INITIAL_STATUS, readStatus, type SyncStatus } from '../../sync/engine/status';
import { useReplica } from './replica';

/** The sync status every tab sees (the leader writes it into the replica). */
export function useSyncStatus(): SyncStatus {
  const db = useReplica();
  return useLiveQuery(() => readStatus(db), [db]) ?? INITIAL_STATUS;
}

export function usePendingCount(): number {
  const db = useReplica();
  return useLiveQuery(() => db.outbox.count(), [db]) ?? 0;
}

export function useRecentMessages(limit = 20): LogRow[] {
  const db = useReplica();
  return useLiveQuery(() => db.log.orderBy('id').reverse().limit(limit).toArray(), [db, limit]) ?? [];
}

/** Refused offline changes the user has not dismissed yet. */
export function useUnseenRejections(): RejectionRow[] {
  const db = useReplica();
  return useLiveQuery(() => db.rejections.where('seen').equals(0).sortBy('at'), [db]) ?? [];
}
