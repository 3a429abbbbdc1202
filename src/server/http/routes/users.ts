import { Hono, type Context } from 'hono';
import { isEntityId } from '../../../domain/ids';
import { setFavorite } from '../../services/favorites';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import { runMutation } from '../idempotency';
import { parseUserId } from '../user-id';

export const USER_ROUTE_TEXTS = {
  badUser: 'Некорректный идентификатор пользователя',
  badExcursion: 'Некорректный идентификатор экскурсии',
} as const;

/** /api/users/{userId}/…: per-user resources, each only for its own user. */
export function userRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  const favorite = (on: boolean) => async (c: Context) => {
    const principal = await requirePrincipal(c, deps);
    const userId = parseUserId(c.req.param('userId') ?? '');
    const excursionId = c.req.param('excursionId') ?? '';
    if (userId === null) throw new ServiceError('invalid', USER_ROUTE_TEXTS.badUser);
    if (!isEntityId(excursionId)) throw new ServiceError('invalid', USER_ROUTE_TEXTS.badExcursion);
    return runMutation(c, deps, principal.id, 'detail', (tx) =>
      setFavorite(tx, principal, userId, excursionId, on),
    );
  };
  app.post('/:userId/favorites/:excursionId', favorite(true));
  app.delete('/:userId/favorites/:excursionId', favorite(false));
  return app;
}
