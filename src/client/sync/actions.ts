import { TEMPORARY_TOUR_PREFIX } from '../../domain/schedule-editor';
import type { ReplicaDb } from '../db/schema';
import type { ToursCreatePayload } from './mutations';
import { enqueue } from './enqueue';

// What screens call to change data that works offline. Each writes the replica and the outbox in one
// transaction and returns at once; the leader tab delivers it when it can.

export function setFavorite(
  db: ReplicaDb,
  userId: number,
  excursionID: string,
  on: boolean,
): Promise<string> {
  return enqueue(db, on ? 'favorite.set' : 'favorite.unset', { excursionID }, userId);
}

export async function addTours(
  db: ReplicaDb,
  userId: number,
  slots: { excursionID: string; date: string; time: string }[],
): Promise<string[]> {
  const tours: ToursCreatePayload['tours'] = slots.map((slot) => ({
    ...slot,
    tempId: `${TEMPORARY_TOUR_PREFIX}-${crypto.randomUUID()}`,
  }));
  await enqueue(db, 'tours.create', { tours }, userId);
  return tours.map((tour) => tour.tempId);
}

/**
 * Deletes tours. A tour created offline and not yet sent is simply taken out of its queued create,
 * so the server never hears of it; real tours are queued for deletion.
 */
export async function deleteTours(db: ReplicaDb, userId: number, tourIds: string[]): Promise<void> {
  const local = new Set<string>();
  await db.transaction('rw', [db.outbox, db.tours], async () => {
    const creates = await db.outbox
      .where('userId')
      .equals(userId)
      .filter((row) => row.kind === 'tours.create')
      .toArray();
    for (const row of creates) {
      // Only a create never attempted can be edited: an attempted one may have reached the server
      // already, and its Idempotency-Key must keep meaning the same request.
      if (row.attempts > 0) continue;
      const payload = row.payload as ToursCreatePayload;
      const kept = payload.tours.filter((tour) => !tourIds.includes(tour.tempId));
      if (kept.length === payload.tours.length) continue;
      payload.tours.filter((tour) => tourIds.includes(tour.tempId)).forEach((tour) => local.add(tour.tempId));
      if (kept.length === 0) await db.outbox.delete(row.seq as number);
      else await db.outbox.update(row.seq as number, { payload: { tours: kept } });
    }
    await db.tours.bulkDelete([...local]);
  });
  const remote = tourIds.filter((id) => !local.has(id));
  if (remote.length > 0) await enqueue(db, 'tours.delete', { tourIds: remote }, userId);
}
