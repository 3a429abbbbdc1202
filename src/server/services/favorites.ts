import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import {
  deleteFavorite,
  favoriteTombstoneVersion,
  insertFavorite,
  isPublishedExcursion,
  listFavorites,
} from '../storage/favorites';
import { touchUser, type Principal } from '../storage/users';
import { ServiceError } from './errors';
import type { MutationResult } from './mutation';

// Favourites are explicit set and unset (never a toggle), idempotent: setting a favourite twice or
// removing one that is not there succeeds and changes nothing, so an outbox replay is harmless.

export const FAVORITE_TEXTS = {
  notYours: 'Можно менять только свои избранные экскурсии',
  excursionNotFound: 'Экскурсия не найдена',
} as const;

export async function setFavorite(
  tx: Queryable,
  principal: Principal,
  userId: number,
  excursionId: string,
  on: boolean,
): Promise<MutationResult> {
  if (principal.id !== userId) throw new ServiceError('forbidden', FAVORITE_TEXTS.notYours);
  const events: ServerEvent[] = [];
  if (on) {
    if (!(await isPublishedExcursion(tx, excursionId)))
      throw new ServiceError('notFound', FAVORITE_TEXTS.excursionNotFound);
    const added = await insertFavorite(tx, userId, excursionId);
    if (added !== undefined) {
      await touchUser(tx, userId);
      events.push(favoriteEvent(userId, 'favorite_added', excursionId, added));
    }
  } else if (await deleteFavorite(tx, userId, excursionId)) {
    await touchUser(tx, userId);
    const tomb = await favoriteTombstoneVersion(tx, userId, excursionId);
    events.push(favoriteEvent(userId, 'favorite_removed', excursionId, tomb));
  }
  return { status: 200, body: { favorites: await listFavorites(tx, userId) }, events };
}

function favoriteEvent(
  userId: number,
  action: 'favorite_added' | 'favorite_removed',
  excursionId: string,
  version: number | undefined,
): ServerEvent {
  return {
    channel: 'USER_UPDATE',
    userId,
    data: {
      user_id: userId,
      action,
      excursion_id: excursionId,
      ...(version === undefined ? {} : { version }),
    },
  };
}
