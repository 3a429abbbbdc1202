import { Hono } from 'hono';
import { crimeaToday } from '../../../domain/dates';
import { syncQuerySchema, SYNC_RESET_STATUS } from '../../../protocol/sync';
import { pullChanges } from '../../services/sync';
import { optionalPrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import { sendTagged, tagJson } from '../etag';

export const SYNC_TEXTS = {
  badQuery: 'Некорректные параметры синхронизации',
  reset: 'Данные устарели, загрузите их заново',
} as const;

/** GET /api/sync?cursor=C&limit=N (ARCHITECTURE "Sync protocol"). */
export function syncRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const query = syncQuerySchema.safeParse({ cursor: c.req.query('cursor'), limit: c.req.query('limit') });
    if (!query.success) throw badRequest(SYNC_TEXTS.badQuery);
    const principal = await optionalPrincipal(c, deps);
    const result = await pullChanges(deps.db, {
      cursor: query.data.cursor,
      limit: query.data.limit,
      userId: principal?.id ?? null,
      admin: principal?.role === 'admin',
      today: crimeaToday(deps.now()),
    });
    if (result.kind === 'reset') {
      deps.log.debug(`sync reset: ${result.reason}`);
      return c.json({ detail: SYNC_TEXTS.reset, reset: true }, SYNC_RESET_STATUS);
    }
    return sendTagged(c, tagJson(result.page), 'private, no-cache');
  });
  return app;
}
