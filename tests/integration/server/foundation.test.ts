import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../src/domain/types';
import type { Excursion, Tour } from '../../../src/domain/types';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';

describe.each(ENGINES)('the server on %s', (engine) => {
  let server: TestServer;
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers /api/health with 200 once it is ready', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: engine });
  });

  it('keeps no two indexes of one table over the same columns (each is written with every row)', async () => {
    const twins = await server.db.query<{ table: string; indexes: string[] }>(
      `SELECT t.relname AS table, array_agg(i.relname::text ORDER BY i.relname) AS indexes
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public'
       GROUP BY t.relname, x.indkey::text, coalesce(pg_get_expr(x.indexprs, x.indrelid), ''),
         coalesce(pg_get_expr(x.indpred, x.indrelid), '')
       HAVING count(*) > 1`,
    );
    expect(twins).toEqual([]);
    const [slot] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'tours' AND indexname = 'tours_slot'`,
    );
    expect(slot?.n).toBe(1);
  });

  it('serves the demo catalogue with the fields of SPEC §3', async () => {
    const { excursions } = (await (await get('/api/excursions')).json()) as { excursions: Excursion[] };
    expect(excursions.length).toBeGreaterThanOrEqual(15);
    const categories = new Set(excursions.map((e) => e.category));
    for (const category of CATEGORIES) expect(categories).toContain(category);
    expect(new Set(excursions.map((e) => e.busType))).toEqual(new Set(['coach', 'van', 'none']));
    for (const excursion of excursions) {
      expect(excursion._id).toMatch(/^[0-9a-f]{24}$/);
      expect(excursion.title.length).toBeGreaterThan(3);
      expect(excursion.images.length).toBeGreaterThan(0);
      expect(excursion.tours.length).toBeGreaterThan(0);
      expect(excursion.assemblyPoints.length).toBeGreaterThan(0);
    }
    const sample = excursions[0] as Excursion;
    expect(Object.keys(sample).sort()).toEqual(
      [
        '_id',
        'title',
        'description',
        'city',
        'place',
        'category',
        'popularity',
        'bestseller',
        'ownerID',
        'adultPrice',
        'kidPrice',
        'adultInitPrice',
        'kidInitPrice',
        'adultEntryPrice',
        'kidEntryPrice',
        'entryTickets',
        'freeCancelHours',
        'services',
        'maxAttendants',
        'busType',
        'numberOfRows',
        'availableSeats',
        'reservedSeats',
        'duration',
        'lunchDuration',
        'difficulty',
        'childrenAllowed',
        'directions',
        'assemblyPoints',
        'included',
        'notIncluded',
        'images',
        'gallery',
        'video',
        'similarExcursionIDs',
        'tours',
      ].sort(),
    );
  });

  it('derives each tour’s seats from its tickets, with some tours nearly full', async () => {
    const { excursions } = (await (await get('/api/excursions')).json()) as { excursions: Excursion[] };
    const { tours } = (await (await get('/api/tours')).json()) as { tours: Tour[] };
    const byId = new Map(excursions.map((e) => [e._id, e]));
    let nearlyFull = 0;
    for (const tour of tours) {
      const excursion = byId.get(tour.excursionID);
      expect(excursion).toBeDefined();
      if (!excursion) continue;
      expect(tour.takenSeats).toHaveLength(tour.attendantsRegistred);
      if (excursion.busType !== 'none') {
        expect([...tour.takenSeats, ...tour.emptySeats].sort((a, b) => a - b)).toEqual(
          excursion.availableSeats,
        );
      }
      const free = excursion.maxAttendants - tour.takenSeats.length;
      if (free > 0 && free <= 4) nearlyFull += 1;
    }
    expect(nearlyFull).toBeGreaterThan(0);
  });

  it('serves lookups, banners and special offers under their spec field names', async () => {
    for (const [path, field] of [
      ['/api/cities', 'cities'],
      ['/api/places', 'places'],
      ['/api/banners', 'banners'],
      ['/api/special-offers', 'special_offers'],
    ] as const) {
      const body = (await (await get(path)).json()) as Record<string, unknown[]>;
      expect(Object.keys(body)).toEqual([field]);
      expect(body[field]?.length).toBeGreaterThan(0);
    }
  });

  it('serves one excursion, 404s an unknown one and refuses a malformed id with a 4xx', async () => {
    const { excursions } = (await (await get('/api/excursions')).json()) as { excursions: Excursion[] };
    const first = excursions[0] as Excursion;
    expect(((await (await get(`/api/excursions/${first._id}`)).json()) as Excursion).title).toBe(first.title);

    const unknown = await get('/api/excursions/ffffffffffffffffffffffff');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Excursion not found' });

    for (const bad of ['42', "1'%20OR%201=1", 'x'.repeat(300)]) {
      const response = await get(`/api/excursions/${bad}`);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('serves the generated images with their content type and a long cache life', async () => {
    const { excursions } = (await (await get('/api/excursions')).json()) as { excursions: Excursion[] };
    const image = await get(`/api/images/${excursions[0]?.images[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(await image.text()).toMatch(/^<svg/);
    const { cities } = (await (await get('/api/cities')).json()) as { cities: { image: string }[] };
    expect((await get(`/api/app_media/${cities[0]?.image}`)).status).toBe(200);
    expect((await get('/api/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('keeps its data across a restart and does not seed twice', async () => {
    const before = (await (await get('/api/excursions')).json()) as { excursions: Excursion[] };
    await server.db.query(`UPDATE excursions SET popularity = 999 WHERE id = $1`, [
      before.excursions[1]?._id,
    ]);
    server = await server.restart();
    const after = (await (await get('/api/excursions')).json()) as { excursions: Excursion[] };
    expect(after.excursions.map((e) => e._id).sort()).toEqual(before.excursions.map((e) => e._id).sort());
    expect(after.excursions.find((e) => e._id === before.excursions[1]?._id)?.popularity).toBe(999);
    const [{ count }] = (await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    )) as [{ count: number }];
    expect(count).toBe(5);
  });
});
