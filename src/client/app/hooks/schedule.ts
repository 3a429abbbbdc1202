import { useLiveQuery } from './live-query';
import { scheduleDays, toursOnDay, type TourWithExcursion } from '../../db/queries/schedule';
import { useSubjectLiveQuery } from './live';
import { useToday } from './now';
import { useReplica } from './replica';

/** The schedule's days from today that have tours (domain visibleScheduleDays picks the shown ones). */
export function useScheduleDays(): string[] | undefined {
  const db = useReplica();
  const today = useToday();
  return useLiveQuery(() => scheduleDays(db, today), [db, today]);
}

/** One schedule day's tours with their excursions, by time. */
export function useToursOnDay(date: string): TourWithExcursion[] | undefined {
  const db = useReplica();
  return useSubjectLiveQuery(date, () => toursOnDay(db, date), [db, date]);
}
