import { HttpError } from '../http/errors';
import type { MutationResult } from '../http/idempotency';
import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import { touchUser, type Principal } from '../storage/users';

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
  if (principal.id !== userId) throw new HttpError(403, FAVORITE_TEXTS.notYours);
  const events: ServerEvent[] = [];
  if (on) {
    const [excursion] = await tx.query(`SELECT 1 FROM excursions WHERE id = $1 AND status = 'published'`, [
      excursionId,
    ]);
    if (!excursion) throw new HttpError(404, FAVORITE_TEXTS.excursionNotFound);
    const [added] = await tx.query<{ version: number }>(
      `INSERT INTO favorites (user_id, excursion_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING version`,
      [userId, excursionId],
    );
    if (added) {
      await touchUser(tx, userId);
      events.push(favoriteEvent(userId, 'favorite_added', excursionId, added.version));
    }
  } else {
    const [removed] = await tx.query(
      'DELETE FROM favorites WHERE user_id = $1 AND excursion_id = $2 RETURNING excursion_id',
      [userId, excursionId],
    );
    if (removed) {
      await touchUser(tx, userId);
      const [tomb] = await tx.query<{ version: number }>(
        `SELECT version FROM tombstones WHERE collection = 'favorites' AND id = $1`,
        [`${userId}:${excursionId}`],
      );
      events.push(favoriteEvent(userId, 'favorite_removed', excursionId, tomb?.version));
    }
  }
  const rows = await tx.query<{ excursion_id: string }>(
    'SELECT excursion_id FROM favorites WHERE user_id = $1 ORDER BY created_at, excursion_id',
    [userId],
  );
  return { status: 200, body: { favorites: rows.map((row) => row.excursion_id) }, events };
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
