import { Hono } from 'hono';
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
import { crimeaToday } from '../../../domain/dates';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../errors';

const ENTITY_ID = /^[0-9a-f]{24}$/;
const rows = <T>(list: { row: T }[]) => list.map((item) => item.row);

/** The public catalogue calls of SPEC §7, with the field names it gives. */
export function catalogueRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const today = () => crimeaToday(deps.now());

  app.get('/excursions', async (c) =>
    c.json({ excursions: rows(await listPublishedExcursions(deps.db, today())) }),
  );

  app.get('/excursions/:id', async (c) => {
    const id = c.req.param('id');
    if (!ENTITY_ID.test(id)) throw badRequest('Некорректный идентификатор экскурсии');
    const found = await findExcursion(deps.db, id, today());
    if (!found || found.status !== 'published') throw notFound('Excursion not found');
    return c.json(found.row);
  });

  app.get('/tours', async (c) => c.json({ tours: rows(await listPublicTours(deps.db, today())) }));

  app.get('/tours/:id', async (c) => {
    const id = c.req.param('id');
    if (!ENTITY_ID.test(id)) throw badRequest('Некорректный идентификатор тура');
    const found = await findTour(deps.db, id);
    if (!found) throw notFound('Tour not found');
    return c.json(found.row);
  });

  app.get('/cities', async (c) => c.json({ cities: rows(await listCities(deps.db)) }));
  app.get('/places', async (c) => c.json({ places: rows(await listPlaces(deps.db)) }));
  app.get('/banners', async (c) => c.json({ banners: rows(await listBanners(deps.db)) }));
  app.get('/special-offers', async (c) => c.json({ special_offers: rows(await listSpecialOffers(deps.db)) }));

  return app;
}
