import type { MutationKind, ReplicaDb } from '../../db/schema';
import { TOUR_TABLES } from '../../db/tour-groups';
import { specOf } from './mutations';

// Queues a mutation: its local effect and its outbox row are written in one transaction, so neither
// exists without the other. Kept apart from the sender (flush.ts) so a screen that only queues
// changes does not load the sync machinery with it.

/** Every table a mutation's local effect, acknowledgement or rollback may touch. */
export const OUTBOX_TABLES = [
  'outbox',
  'favorites',
  ...TOUR_TABLES,
  'users',
  'manifest',
  'excursions',
  'reviews',
  'deferred',
  'tombstones',
  'rejections',
] as const;

export async function enqueue(
  db: ReplicaDb,
  kind: MutationKind,
  payload: unknown,
  userId: number,
  now = Date.now(),
): Promise<string> {
  const id = crypto.randomUUID();
  const spec = specOf(kind);
  await db.transaction('rw', [...OUTBOX_TABLES], async () => {
    const undo = await spec.apply(db, payload as never);
    await db.outbox.add({
      id,
      kind,
      payload,
      undo,
      userId,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
    });
  });
  return id;
}
