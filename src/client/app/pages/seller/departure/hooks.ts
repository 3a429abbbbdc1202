import type { EntityId } from '../../../../../domain/types';
import type { RejectionRow } from '../../../../db/schema';
import { useItemLiveQuery, useSubjectLiveQuery } from '../../../hooks/live';
import { useToday } from '../../../hooks/now';
import { useReplica } from '../../../hooks/replica';
import {
  boardingConflicts,
  departureView,
  upcomingDepartures,
  type DepartureLine,
  type DepartureView,
} from './queries';

// Live reads of a departure's screens: the manifest changes as pulls, socket deltas and the guide's own
// check-ins land in the replica, and the screens follow it with no network of their own.

/** null: a departure the phone does not know, once synced (undefined until then). */
export function useDeparture(tourId: EntityId): DepartureView | null | undefined {
  const db = useReplica();
  return useItemLiveQuery(db, tourId, () => departureView(db, tourId), [db, tourId]);
}

export function useUpcomingDepartures(excursionId: EntityId): DepartureLine[] | undefined {
  const db = useReplica();
  const today = useToday();
  return useSubjectLiveQuery(excursionId, () => upcomingDepartures(db, excursionId, today), [
    db,
    excursionId,
    today,
  ]);
}

export function useBoardingConflicts(tourId: EntityId): RejectionRow[] | undefined {
  const db = useReplica();
  return useSubjectLiveQuery(tourId, () => boardingConflicts(db, tourId), [db, tourId]);
}
