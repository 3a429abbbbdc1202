import type { EntityId, ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import { excursion, excursionDetail, type ExcursionDetail } from '../../db/queries/excursion';
import { toursOfExcursionFrom } from '../../db/queries/tours';
import { useFirstScreenAnswer } from './first-screen-data';
import { useItemLiveQuery, useSubjectLiveQuery } from './live';
import { useNow, useToday } from './now';
import { useReplica } from './replica';

/** The excursion; null when unknown once synced (undefined while loading). */
export function useExcursion(id: EntityId): ReplicaExcursion | null | undefined {
  const db = useReplica();
  return useItemLiveQuery(db, id, () => excursion(db, id), [db, id]);
}

/** The excursion page's data; null for 'Excursion not found' once synced (undefined until then). */
export function useExcursionDetail(id: EntityId): ExcursionDetail | null | undefined {
  const db = useReplica();
  const now = useNow();
  const live = useItemLiveQuery(db, id, () => excursionDetail(db, id, now), [db, id, now]);
  // The snapshot answers for the excursion it was drawn for, not for one opened after it.
  return useFirstScreenAnswer((data) => (data.detail?.id === id ? data.detail.view : undefined), live);
}

/** The excursion's tours from today, by date and time (the booking and the seller's schedule). */
export function useToursOfExcursion(id: EntityId): ReplicaTour[] | undefined {
  const db = useReplica();
  const today = useToday();
  return useSubjectLiveQuery(id, () => toursOfExcursionFrom(db, id, today), [db, id, today]);
}
