import type { ReplicaExcursion } from '../../../domain/types';
import { availableCount, availableOn } from '../../db/queries/availability';
import { useSubjectLiveQuery } from './live';
import { useReplica } from './replica';

/** 'Excursions by date': the excursions with room for `partySize` on `date`. */
export function useAvailableOn(date: string, partySize: number): ReplicaExcursion[] | undefined {
  const db = useReplica();
  return useSubjectLiveQuery(`${date}/${partySize}`, () => availableOn(db, date, partySize), [
    db,
    date,
    partySize,
  ]);
}

/** The date form's N. Keeps the last number while the next one is counted, so the button never blinks. */
export function useAvailableCount(date: string, partySize: number): number | undefined {
  const db = useReplica();
  return useSubjectLiveQuery('count', () => availableCount(db, date, partySize), [db, date, partySize]);
}
