import { crimeaToday } from '../../domain/dates';
import type { ModerationEvent, ModerationItem } from '../../protocol/moderation';
import { toExcursion } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import {
  lockExcursion,
  markPublished,
  markRejected,
  readExcursion,
  touchTours,
} from '../storage/excursion-writes';
import {
  excursionOwner,
  insertModerationEvent,
  listQueue,
  markResubmitted,
  moderationHistories,
  moderationHistory,
  sellerOfRow,
} from '../storage/moderation';
import type { Principal } from '../storage/users';
import { ServiceError } from './errors';
import { announce, EXCURSION_TEXTS, mayEditExcursion, tourEvents } from './excursions';
import { moderationNudges } from './moderation-nudges';
import type { MutationResult } from './mutation';

// The admin's moderation of sellers' excursions (services/excursions.ts writes them). A seller's
// excursion is `pending` in the queue; the admin publishes it into the catalogue or rejects it with
// a reason; the seller fixes a rejected one and submits it again. Every step is kept in its history
// (storage/moderation.ts), which the admin and the seller read.

export const MODERATION_TEXTS = {
  notRejected: 'Эта экскурсия не отклонена',
  notOwner: 'Отправить на проверку можно только свою экскурсию',
  historyForbidden: 'Историю проверки видят только продавец экскурсии и администратор',
} as const;

/** Moderation: an admin publishes a pending (or refused) excursion, which then enters the catalogue. */
export async function publishExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  now: Date,
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', EXCURSION_TEXTS.adminOnly);
  const updated = await markPublished(tx, id);
  const row = await readExcursion(tx, id, crimeaToday(now));
  if (!row) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  if (!updated) throw new ServiceError('conflict', EXCURSION_TEXTS.notPending);
  await insertModerationEvent(tx, { excursionId: id, kind: 'published', actorId: principal.id, at: now });
  await touchTours(tx, id);
  const events = [
    ...announce(row, 'create'),
    ...(await tourEvents(tx, row.tour_ids ?? [])),
    ...(await moderationNudges(tx, row.owner_id)),
  ];
  return { status: 200, body: toExcursion(row), events };
}

/** Moderation: an admin refuses a pending excursion with a reason its seller sees. */
export async function rejectExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  reason: string,
  now: Date,
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', EXCURSION_TEXTS.adminOnly);
  if (reason.trim() === '') throw new ServiceError('invalid', EXCURSION_TEXTS.reasonRequired);
  const updated = await markRejected(tx, id, reason.trim());
  const row = await readExcursion(tx, id, crimeaToday(now));
  if (!row) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  if (!updated) throw new ServiceError('conflict', EXCURSION_TEXTS.notPending);
  await insertModerationEvent(tx, {
    excursionId: id,
    kind: 'rejected',
    reason: reason.trim(),
    actorId: principal.id,
    at: now,
  });
  await touchTours(tx, id);
  return { status: 200, body: toExcursion(row), events: await moderationNudges(tx, row.owner_id) };
}

/**
 * A rejected excursion goes back to the queue, by its seller (after fixing it) or an admin. The
 * rejection's reason stays in the history only; the queue orders it by this submission.
 */
export async function resubmitExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  now: Date,
): Promise<MutationResult> {
  const current = await lockExcursion(tx, id);
  if (!current) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  if (!mayEditExcursion(principal, current.owner_id))
    throw new ServiceError('forbidden', MODERATION_TEXTS.notOwner);
  if (!(await markResubmitted(tx, id, now))) throw new ServiceError('conflict', MODERATION_TEXTS.notRejected);
  await insertModerationEvent(tx, { excursionId: id, kind: 'resubmitted', actorId: principal.id, at: now });
  const row = await readExcursion(tx, id, crimeaToday(now));
  if (!row) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  return { status: 200, body: toExcursion(row), events: await moderationNudges(tx, row.owner_id) };
}

/** The admin's queue: excursions waiting for review with their sellers and histories, oldest submission first. */
export async function moderationQueue(
  tx: Queryable,
  principal: Principal,
  now: Date,
): Promise<ModerationItem[]> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', EXCURSION_TEXTS.adminOnly);
  const rows = await listQueue(tx, crimeaToday(now));
  const histories = await moderationHistories(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toExcursion(row),
    review: {
      seller: sellerOfRow(row),
      submittedAt: new Date(row.submitted_at).toISOString(),
      history: histories.get(row.id) ?? [],
    },
  }));
}

/** One excursion's history, for its seller and for admins. */
export async function excursionModerationHistory(
  tx: Queryable,
  principal: Principal,
  id: string,
): Promise<ModerationEvent[]> {
  const owner = await excursionOwner(tx, id);
  if (owner === undefined) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  if (!mayEditExcursion(principal, owner))
    throw new ServiceError('forbidden', MODERATION_TEXTS.historyForbidden);
  return moderationHistory(tx, id);
}
