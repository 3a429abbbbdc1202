import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReplicaDb } from '../../../src/client/db/schema';
import {
  excursionsByCategory,
  excursionsByCity,
  excursionsByPlace,
  sortedExcursions,
} from '../../../src/client/db/queries/catalogue';
import { excursion, excursionDetail } from '../../../src/client/db/queries/excursion';
import { nearestToursMap, toursOfExcursionFrom } from '../../../src/client/db/queries/tours';
import { availableCount, availableOn } from '../../../src/client/db/queries/availability';
import { scheduleDays, toursOnDay } from '../../../src/client/db/queries/schedule';
import { searchAll } from '../../../src/client/db/queries/search';
import { cities, city, place, places } from '../../../src/client/db/queries/places';
import { hexId } from '../domain/fixtures';
import {
  NOW,
  TODAY,
  alupka,
  balaklava,
  canyon,
  catalogueReplica,
  ids,
  removed,
  tours,
  yalta,
} from './fixtures';

let db: ReplicaDb;

beforeEach(async () => {
  db = await catalogueReplica();
});

afterEach(() => {
  db.close();
});

describe('sorted excursions', () => {
  it('puts the earliest tour still ahead first and excursions without one last', async () => {
    // Yalta's 08:00 tour has left; its next is on the 12th. The canyon's only tour is past.
    expect(ids(await sortedExcursions(db, 'nearest', NOW))).toEqual([
      balaklava._id,
      alupka._id,
      yalta._id,
      canyon._id,
    ]);
  });

  it('orders by popularity, then by the card price both ways', async () => {
    expect(ids(await sortedExcursions(db, 'popular', NOW))).toEqual([
      yalta._id,
      alupka._id,
      balaklava._id,
      canyon._id,
    ]);
    expect(ids(await sortedExcursions(db, 'cheaper', NOW))).toEqual([
      balaklava._id,
      alupka._id,
      canyon._id,
      yalta._id,
    ]);
    expect(ids(await sortedExcursions(db, 'pricier', NOW))).toEqual([
      yalta._id,
      canyon._id,
      alupka._id,
      balaklava._id,
    ]);
  });

  it('rolls over when a tour departs: at 18:01 the evening boat trip is no longer nearest', async () => {
    const evening = new Date('2026-06-10T15:01:00Z');
    expect(ids(await sortedExcursions(db, 'nearest', evening))).toEqual([
      alupka._id,
      balaklava._id,
      yalta._id,
      canyon._id,
    ]);
  });

  it('never lists an excursion deleted locally', async () => {
    expect(ids(await sortedExcursions(db, 'popular', NOW))).not.toContain(removed._id);
  });

  it('keeps only the chosen category, in the chosen order', async () => {
    expect(ids(await excursionsByCategory(db, 'Дворцы', 'nearest', NOW))).toEqual([alupka._id, yalta._id]);
    expect(ids(await excursionsByCategory(db, 'Дворцы', 'pricier', NOW))).toEqual([yalta._id, alupka._id]);
    expect(await excursionsByCategory(db, 'Пещеры', 'nearest', NOW)).toEqual([]);
  });

  it('lists a city and a place by popularity, without deleted excursions', async () => {
    await db.excursions.put({ ...canyon, _id: hexId(6), city: 'Ялта', place: 1, popularity: 95 });
    expect(ids(await excursionsByCity(db, 'Ялта'))).toEqual([hexId(6), yalta._id]);
    expect(ids(await excursionsByPlace(db, 1))).toEqual([hexId(6), yalta._id]);
  });
});

describe('nearest tours for cards', () => {
  it('maps each excursion to its next tour from now; none for an excursion whose tours are over', async () => {
    const nearest = await nearestToursMap(db, NOW);
    expect(nearest.get(yalta._id)?._id).toBe(tours.yaltaLater._id);
    expect(nearest.get(balaklava._id)?._id).toBe(tours.balaklavaTonight._id);
    expect(nearest.get(alupka._id)?._id).toBe(tours.alupkaTomorrow._id);
    expect(nearest.has(canyon._id)).toBe(false);
  });
});

describe('one excursion', () => {
  it('reads a row, and nothing for a deleted or unknown id', async () => {
    expect((await excursion(db, yalta._id))?.title).toBe(yalta.title);
    expect(await excursion(db, removed._id)).toBeUndefined();
    expect(await excursion(db, hexId(999))).toBeUndefined();
  });

  it('gathers upcoming tours, the nearest one, the place and the similar excursions', async () => {
    await db.excursions.put({
      ...yalta,
      similarExcursionIDs: [alupka._id, removed._id, hexId(999), yalta._id, canyon._id],
    });
    const detail = await excursionDetail(db, yalta._id, NOW);
    // The 08:00 tour has left and the one on the 14th was deleted.
    expect(ids(detail?.upcomingTours ?? [])).toEqual([tours.yaltaLater._id]);
    expect(detail?.nearestTour?._id).toBe(tours.yaltaLater._id);
    expect(detail?.place?.name).toBe('Ласточкино гнездо');
    expect(ids(detail?.similar ?? [])).toEqual([alupka._id, canyon._id]);
  });

  it("has no nearest tour when all of an excursion's tours are over", async () => {
    const detail = await excursionDetail(db, canyon._id, NOW);
    expect(detail?.upcomingTours).toEqual([]);
    expect(detail?.nearestTour).toBeNull();
  });

  it('is null for an unknown or deleted excursion', async () => {
    expect(await excursionDetail(db, hexId(999), NOW)).toBeNull();
    expect(await excursionDetail(db, removed._id, NOW)).toBeNull();
  });

  it("lists the excursion's tours from today by date and time, today's earlier ones included", async () => {
    await db.tours.put({ ...tours.alupkaLater, _id: hexId(110), time: '07:45' });
    expect(ids(await toursOfExcursionFrom(db, alupka._id, TODAY))).toEqual([
      tours.alupkaTomorrow._id,
      hexId(110),
      tours.alupkaLater._id,
    ]);
    expect(ids(await toursOfExcursionFrom(db, yalta._id, TODAY))).toEqual([
      tours.yaltaEarly._id,
      tours.yaltaLater._id,
    ]);
  });
});

describe('available on a date', () => {
  it('lists excursions with a tour that day and room for the party, by departure time', async () => {
    // The boat has 2 of 12 places left; the deleted excursion's tour that day does not count.
    expect(ids(await availableOn(db, TODAY, 2))).toEqual([yalta._id, balaklava._id]);
    expect(await availableCount(db, TODAY, 2)).toBe(2);
  });

  it('leaves out a nearly full tour for a bigger party', async () => {
    expect(ids(await availableOn(db, TODAY, 3))).toEqual([yalta._id]);
    expect(await availableCount(db, TODAY, 21)).toBe(0);
  });

  it('treats a party size under 1 as one person', async () => {
    expect(ids(await availableOn(db, TODAY, 0))).toEqual([yalta._id, balaklava._id]);
  });

  it('finds nothing on a day without tours', async () => {
    expect(await availableOn(db, '2026-06-13', 1)).toEqual([]);
  });
});

describe('schedule', () => {
  it('lists days from today that have tours, without past days or days whose tours were deleted', async () => {
    expect(await scheduleDays(db, TODAY)).toEqual(['2026-06-10', '2026-06-11', '2026-06-12']);
    expect(await scheduleDays(db, '2026-06-11')).toEqual(['2026-06-11', '2026-06-12']);
  });

  it("gives a day's tours with their excursions by time, skipping tours of deleted excursions", async () => {
    const day = await toursOnDay(db, '2026-06-11');
    expect(day.map(({ tour, excursion: e }) => [tour.time, e.title])).toEqual([
      ['8:30', alupka.title],
      ['10:00', balaklava.title],
    ]);
    expect((await toursOnDay(db, TODAY)).map(({ tour }) => tour._id)).toEqual([
      tours.yaltaEarly._id,
      tours.balaklavaTonight._id,
    ]);
  });
});

describe('search', () => {
  it('stays empty under 3 characters', async () => {
    expect(await searchAll(db, 'Ял')).toEqual({ excursions: [], places: [], cities: [] });
    expect(await searchAll(db, '  дв  ')).toEqual({ excursions: [], places: [], cities: [] });
  });

  it('groups matches by kind, case-insensitively, with excursions most popular first', async () => {
    const results = await searchAll(db, 'ДВОР');
    expect(ids(results.excursions)).toEqual([yalta._id, alupka._id]);
    expect(results.places.map((p) => p.name)).toEqual(['Воронцовский дворец']);
    expect(results.cities).toEqual([]);
  });

  it('finds cities and places by name', async () => {
    const results = await searchAll(db, 'балак');
    expect(results.cities.map((c) => c.name)).toEqual(['Балаклава']);
    expect(results.excursions).toEqual([]);
  });

  it('never finds rows deleted locally', async () => {
    expect((await searchAll(db, 'Массандров')).excursions).toEqual([]);
    expect((await searchAll(db, 'Ханский')).places).toEqual([]);
  });
});

describe('places and cities', () => {
  it('lists places and cities by id, without deleted ones', async () => {
    expect((await places(db)).map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect((await cities(db)).map((c) => c.name)).toEqual(['Ялта', 'Балаклава', 'Алупка', 'Бахчисарай']);
  });

  it('shows a place with its excursion whose tour comes first, and that tour', async () => {
    // More popular than Yalta's excursion, but without dates.
    await db.excursions.put({ ...canyon, _id: hexId(7), place: 1, popularity: 99 });
    const view = await place(db, 1, NOW);
    expect(view?.excursion?._id).toBe(yalta._id);
    expect(view?.nearestTour?._id).toBe(tours.yaltaLater._id);
  });

  it('shows a place whose excursions have no dates with the most popular one and no tour', async () => {
    const view = await place(db, 4, NOW);
    expect(view?.excursion?._id).toBe(canyon._id);
    expect(view?.nearestTour).toBeNull();
  });

  it('has no excursion for a place without any, and is null for an unknown place', async () => {
    expect((await place(db, 5, NOW))?.excursion).toBeNull();
    expect(await place(db, 6, NOW)).toBeNull();
    expect(await place(db, 99, NOW)).toBeNull();
  });

  it('shows a city with its excursions and is null for an unknown city', async () => {
    const view = await city(db, 1);
    expect(view?.city.name).toBe('Ялта');
    expect(ids(view?.excursions ?? [])).toEqual([yalta._id]);
    expect(await city(db, 99)).toBeNull();
  });
});
