import { Hono } from 'hono';
import { crimeaToday } from '../../../domain/dates';
import { syncQuerySchema, SYNC_RESET_STATUS } from '../../../protocol/sync';
import { pullChanges } from '../../services/sync';
import { optionalPrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import { createBodyCache, sendTagged, tagJson, type TaggedBody } from '../etag';

export const SYNC_TEXTS = {
  badQuery: 'Некорректные параметры синхронизации',
  reset: 'Данные устарели, загрузите их заново',
} as const;

/** GET /api/sync?cursor=C&limit=N (ARCHITECTURE "Sync protocol"). */
export function syncRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  // A first visit without an account (no cursor, no token) gets the same pages as every other one
  // until something changes, so they are built once per change rather than once per phone. A page
  // served a little late is still a consistent snapshot: the next pull from its cursor catches up.
  const firstVisit = createBodyCache(() => deps.events.generation);
  app.get('/', async (c) => {
    const query = syncQuerySchema.safeParse({ cursor: c.req.query('cursor'), limit: c.req.query('limit') });
    if (!query.success) throw badRequest(SYNC_TEXTS.badQuery);
    const principal = await optionalPrincipal(c, deps);
    const today = crimeaToday(deps.now());
    const pull = () =>
      pullChanges(deps.db, {
        cursor: query.data.cursor,
        limit: query.data.limit,
        userId: principal?.id ?? null,
        admin: principal?.role === 'admin',
        today,
      });
    if (!principal && query.data.cursor === undefined) {
      const body: TaggedBody = await firstVisit(`${query.data.limit ?? ''}|${today}`, async () => {
        const result = await pull();
        if (result.kind === 'reset') throw new Error('a pull without a cursor never starts over');
        return result.page;
      });
      deps.metrics?.syncPulls.inc({ kind: 'first' });
      return sendTagged(c, body, 'private, no-cache');
    }
    const result = await pull();
    deps.metrics?.syncPulls.inc({
      kind: result.kind === 'reset' ? 'reset' : query.data.cursor === undefined ? 'first' : 'changes',
    });
    if (result.kind === 'reset') {
      deps.log.debug(`sync reset: ${result.reason}`);
      return c.json({ detail: SYNC_TEXTS.reset, reset: true }, SYNC_RESET_STATUS);
    }
    return sendTagged(c, tagJson(result.page), 'private, no-cache');
  });
  return app;
}
