import { Hono } from 'hono';
import { crimeaToday } from '../../../domain/dates';
import { isEntityId } from '../../../domain/ids';
import {
  findExcursion,
  findTour,
  listBanners,
  listCities,
  listPlaces,
  listPublicTours,
  listPublishedExcursions,
  listSpecialOffers,
} from '../../storage/catalogue';
import { optionalPrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../errors';
import { createBodyCache, sendTagged, tagJson } from '../etag';

const rows = <T>(list: { row: T }[]) => list.map((item) => item.row);

/** The public catalogue calls of SPEC §7, with the field names it gives, each with an ETag. */
export function catalogueRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const today = () => crimeaToday(deps.now());
  const cached = createBodyCache(() => deps.events.generation);

  // Lists depend on the day (past tours drop out), so the day is part of the cache key.
  const list = (path: string, build: () => Promise<unknown>) =>
    app.get(path, async (c) => sendTagged(c, await cached(`${path}|${today()}`, build)));

  list('/excursions', async () => ({ excursions: rows(await listPublishedExcursions(deps.db, today())) }));
  list('/tours', async () => ({ tours: rows(await listPublicTours(deps.db, today())) }));
  list('/cities', async () => ({ cities: rows(await listCities(deps.db)) }));
  list('/places', async () => ({ places: rows(await listPlaces(deps.db)) }));
  list('/banners', async () => ({ banners: rows(await listBanners(deps.db)) }));
  list('/special-offers', async () => ({ special_offers: rows(await listSpecialOffers(deps.db)) }));

  app.get('/excursions/:id', async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) throw badRequest('Некорректный идентификатор экскурсии');
    const found = await findExcursion(deps.db, id, today());
    // Before publication only its seller and the admins may open it.
    const viewer = found && found.status !== 'published' ? await optionalPrincipal(c, deps) : null;
    const allowed =
      found?.status === 'published' || viewer?.role === 'admin' || viewer?.id === found?.row.ownerID;
    if (!found || !allowed) throw notFound('Excursion not found');
    return sendTagged(c, tagJson(found.row));
  });

  app.get('/tours/:id', async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) throw badRequest('Некорректный идентификатор тура');
    const found = await findTour(deps.db, id);
    if (!found) throw notFound('Tour not found');
    return sendTagged(c, tagJson(found.row));
  });

  return app;
}
