import { checkBoarding, ticketIdHint, type BoardingVerdict } from '../../../../../domain/boarding';
import type { EntityId } from '../../../../../domain/types';
import { visible } from '../../../../db/queries/rows';
import type { ReplicaDb } from '../../../../db/schema';
import type { CheckInPayload } from '../../../../sync/outbox/checkin';
import { enqueue, OUTBOX_TABLES } from '../../../../sync/outbox/enqueue';

/**
 * Checks a scanned or typed code against the manifest on the phone and, when the passenger may board,
 * queues their check-in: the verdict and the queued mark are one transaction, so two quick scans of
 * one code cannot both pass as 'ok'. Works with no network; the outbox delivers the check-in later.
 */
export async function checkAndBoard(
  db: ReplicaDb,
  userId: number,
  tourId: EntityId,
  text: string,
  now: Date = new Date(),
): Promise<BoardingVerdict> {
  return db.transaction('rw', [...OUTBOX_TABLES], async () => {
    const rows = await db.manifest.where('tourID').equals(tourId).toArray();
    // A ticket of another departure is found by the id its code names, to say which departure it is.
    const hint = ticketIdHint(text);
    const other = hint ? await db.manifest.get(hint) : undefined;
    if (other && other.tourID !== tourId) rows.push(other);
    const verdict = checkBoarding(visible(rows), tourId, text);
    if (verdict.kind === 'ok') {
      const payload: CheckInPayload = {
        ticketId: verdict.entry._id,
        code: verdict.entry.checkCode,
        at: now.toISOString(),
      };
      await enqueue(db, 'ticket.checkin', payload, userId);
    }
    return verdict;
  });
}
