import { useLiveQuery } from '../../hooks/live-query';
import type { EntityId, ReplicaExcursion } from '../../../../domain/types';
import type { RejectionRow } from '../../../db/schema';
import { listOnceSynced } from '../../../db/queries/account';
import {
  latestTourRejection,
  ownExcursions,
  scheduleRows,
  sellerExcursionSummary,
  type ScheduleRows,
  type SellerExcursionSummary,
} from '../../../db/queries/seller';
import { useItemLiveQuery, useSubjectLiveQuery } from '../../hooks/live';
import { useToday } from '../../hooks/now';
import { useReplica } from '../../hooks/replica';

// Live reads of the seller's screens: the replica changes as the server accepts or refuses queued
// schedule changes, and these follow it.

/** The seller's excursions; undefined while none are known and the replica has not synced. */
export function useOwnExcursions(ownerId: number | undefined): ReplicaExcursion[] | undefined {
  const db = useReplica();
  return useLiveQuery(
    async () => (ownerId === undefined ? undefined : listOnceSynced(db, () => ownExcursions(db, ownerId))),
    [db, ownerId],
  );
}

/** null: unknown excursion, once synced (undefined until then). */
export function useSellerExcursion(id: EntityId): SellerExcursionSummary | null | undefined {
  const db = useReplica();
  const today = useToday();
  return useItemLiveQuery(db, id, () => sellerExcursionSummary(db, id, today), [db, id, today]);
}

export function useScheduleRows(id: EntityId): ScheduleRows | undefined {
  const db = useReplica();
  const today = useToday();
  return useSubjectLiveQuery(id, () => scheduleRows(db, id, today), [db, id, today]);
}

export function useTourRejection(id: EntityId): RejectionRow | null | undefined {
  const db = useReplica();
  return useSubjectLiveQuery(id, () => latestTourRejection(db, id), [db, id]);
}
