import { TEMPORARY_TOUR_PREFIX } from '../../../domain/schedule-editor';
import { liveQuery } from 'dexie';
import type { ReplicaDb } from '../../db/schema';
import { TOUR_TABLES } from '../../db/tour-groups';
import type { ProfilePayload, ToursCreatePayload } from './mutations';
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
  await db.transaction('rw', ['outbox', ...TOUR_TABLES], async () => {
    const creates = await db.outbox
      .where('userId')
      .equals(userId)
      .filter((row) => row.kind === 'tours.create')
      .toArray();
    for (const row of creates) {
      // Only a create never sent can be edited: a sent one may have reached the server already
      // (its answer lost), and its Idempotency-Key must keep meaning the same request.
      if (row.sent || row.attempts > 0) continue;
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

/** Saves the profile (SPEC §2 "Profile account"): the replica at once, the server when it can. */
export function updateProfile(db: ReplicaDb, fields: ProfilePayload): Promise<string> {
  return enqueue(db, 'profile.update', fields, fields.userId);
}

export type Settlement = { state: 'accepted' } | { state: 'rejected'; reason: string } | { state: 'queued' };

/**
 * Waits up to `timeoutMs` for a queued mutation to be answered: accepted (its outbox row is gone with
 * no rejection), rejected (with the server's reason), or still queued (offline or slow), in which
 * case it is kept and sent later.
 */
export function awaitSettled(db: ReplicaDb, mutationId: string, timeoutMs: number): Promise<Settlement> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: Settlement) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ state: 'queued' }), timeoutMs);
    const subscription = liveQuery(async () => {
      const queued = await db.outbox.where('id').equals(mutationId).count();
      return queued > 0 ? null : ((await db.rejections.get(mutationId)) ?? false);
    }).subscribe({
      next: (result) => {
        if (result === null) return;
        finish(result ? { state: 'rejected', reason: result.reason } : { state: 'accepted' });
      },
      error: () => finish({ state: 'queued' }),
    });
  });
}
