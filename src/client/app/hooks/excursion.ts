import type { EntityId, ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import { hasSynced } from '../../db/queries/account';
import { excursion, excursionDetail, type ExcursionDetail } from '../../db/queries/excursion';
import { toursOfExcursionFrom } from '../../db/queries/tours';
import { useFirstScreenData } from './first-screen-data';
import { useSubjectLiveQuery } from './live';
import { useNow, useToday } from './now';
import { useReplica } from './replica';

/** The excursion; null when unknown (undefined while loading). */
export function useExcursion(id: EntityId): ReplicaExcursion | null | undefined {
  const db = useReplica();
  return useSubjectLiveQuery(id, async () => (await excursion(db, id)) ?? null, [db, id]);
}

/**
 * The excursion page's data; null for 'Excursion not found', which is said only once the replica has
 * synced, read in the same live query as the excursion: read apart, the sync state could answer
 * first after the page that brought the excursion and flash 'not found' (undefined until then).
 */
export function useExcursionDetail(id: EntityId): ExcursionDetail | null | undefined {
  const db = useReplica();
  const now = useNow();
  const server = useFirstScreenData();
  const live = useSubjectLiveQuery(
    id,
    async () => (await excursionDetail(db, id, now)) ?? ((await hasSynced(db)) ? null : undefined),
    [db, id, now],
  );
  return server ? server.detail : live;
}

/** The excursion's tours from today, by date and time (the booking and the seller's schedule). */
export function useToursOfExcursion(id: EntityId): ReplicaTour[] | undefined {
  const db = useReplica();
  const today = useToday();
  return useSubjectLiveQuery(id, () => toursOfExcursionFrom(db, id, today), [db, id, today]);
}
