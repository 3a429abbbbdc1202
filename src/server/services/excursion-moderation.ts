import { crimeaToday } from '../../domain/dates';
import { toExcursion } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import {
  listPending,
  markPublished,
  markRejected,
  readExcursion,
  touchTours,
} from '../storage/excursion-writes';
import type { Principal } from '../storage/users';
import { ServiceError } from './errors';
import { announce, EXCURSION_TEXTS, tourEvents } from './excursions';
import type { MutationResult } from './mutation';

// The admin's moderation of sellers' excursions (services/excursions.ts writes them): a pending
// excursion is published into the catalogue or refused with a reason its seller sees.

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
  await touchTours(tx, id);
  const events = [...announce(row, 'create'), ...(await tourEvents(tx, row.tour_ids ?? []))];
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
  await touchTours(tx, id);
  return { status: 200, body: toExcursion(row), events: [] };
}

/** The admin's moderation list: excursions waiting for review, oldest first. */
export async function pendingExcursions(tx: Queryable, now: Date) {
  const rows = await listPending(tx, crimeaToday(now));
  return rows.map(toExcursion);
}
