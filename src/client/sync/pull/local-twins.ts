import { isTemporaryTourId } from '../../../domain/schedule-editor';
import type { Tour } from '../../../domain/types';
import type { ReplicaDb } from '../../db/schema';

// A tour created offline and the same tour as the server stored it (apply.ts): they share an
// excursion, a day and a time, which is how a stored tour finds the local twin it waits behind.

const slotOf = (tour: Pick<Tour, 'excursionID' | 'date' | 'time'>) =>
  `${tour.excursionID} ${tour.date} ${tour.time}`;

/**
 * The tours created on this phone and not yet answered, by excursion, day and time. Usually none: the
 * lookup reads the `local` index, empty but for them, so a first sync of many tours costs nothing more.
 */
export async function pendingLocalTours(db: ReplicaDb): Promise<Map<string, string[]> | null> {
  const local = await db.tours.local();
  const bySlot = new Map<string, string[]>();
  for (const tour of local) {
    if (!isTemporaryTourId(tour._id) || !tour._pending) continue;
    bySlot.set(slotOf(tour), [...(bySlot.get(slotOf(tour)) ?? []), tour._id]);
  }
  return bySlot.size > 0 ? bySlot : null;
}

/** The temporary id of a local tour in the same slot as this stored one (each is matched once). */
export function takeLocalTwin(bySlot: Map<string, string[]>, tour: Tour): string | undefined {
  const ids = bySlot.get(slotOf(tour));
  const id = ids?.shift();
  if (ids && ids.length === 0) bySlot.delete(slotOf(tour));
  return id;
}
