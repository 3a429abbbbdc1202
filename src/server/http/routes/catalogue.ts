import { Hono, type Context } from 'hono';
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

  /** Before publication an excursion, and every tour of it, is seen only by its seller and the admins. */
  const mayView = async (c: Context, status: string, ownerId: number): Promise<boolean> => {
    if (status === 'published') return true;
    const viewer = await optionalPrincipal(c, deps);
    return viewer?.role === 'admin' || viewer?.id === ownerId;
  };

  app.get('/excursions/:id', async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) throw badRequest('Некорректный идентификатор экскурсии');
    const found = await findExcursion(deps.db, id, today());
    if (!found || !(await mayView(c, found.status, found.row.ownerID))) throw notFound('Excursion not found');
    return sendTagged(c, tagJson(found.row));
  });

  app.get('/tours/:id', async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) throw badRequest('Некорректный идентификатор тура');
    const found = await findTour(deps.db, id);
    // A stranger learns nothing of an unpublished excursion's tours, not even that they exist.
    if (!found || !(await mayView(c, found.excursionStatus, found.ownerId))) throw notFound('Tour not found');
    return sendTagged(c, tagJson(found.row));
  });

  return app;
}
