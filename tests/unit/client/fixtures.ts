// A throwaway replica on fake-indexeddb and replica rows (server version 1) built from the domain
// fixtures, plus one small Crimean catalogue that the query tests share.

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ReplicaDb, type Replicated } from '../../../src/client/db/schema';
import type { City, Excursion, Place, Tour } from '../../../src/domain/types';
import { hexId, makeExcursion, makeTour } from '../domain/fixtures';

export function openReplica(): ReplicaDb {
  return new ReplicaDb(`t-${Math.random().toString(36).slice(2)}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  });
}

export function rowExcursion(overrides: Partial<Replicated<Excursion>> = {}): Replicated<Excursion> {
  return { ...makeExcursion(), _v: 1, ...overrides };
}

export function rowTour(overrides: Partial<Replicated<Tour>> = {}): Replicated<Tour> {
  return { ...makeTour(), _v: 1, ...overrides };
}

export function rowPlace(
  id: number,
  name: string,
  overrides: Partial<Replicated<Place>> = {},
): Replicated<Place> {
  return { id, name, preview: '', image: '', description: '', gallery: [], _v: 1, ...overrides };
}

export function rowCity(
  id: number,
  name: string,
  overrides: Partial<Replicated<City>> = {},
): Replicated<City> {
  return { id, name, image: '', description: '', _v: 1, ...overrides };
}

export function ids(list: readonly { _id: string }[]): string[] {
  return list.map((row) => row._id);
}

/** 10 June 2026, 09:00 in Crimea (UTC+3). */
export const NOW = new Date('2026-06-10T06:00:00Z');
export const TODAY = '2026-06-10';

// Card prices ('от' = adult price + adult entry): yalta 3000, balaklava 1800, alupka 2200, canyon 2300.
export const yalta = rowExcursion({
  _id: hexId(1),
  title: 'Ласточкино гнездо и Ливадийский дворец',
  city: 'Ялта',
  place: 1,
  category: 'Дворцы',
  popularity: 90,
  adultPrice: 2500,
  adultEntryPrice: 500,
  maxAttendants: 20,
});
export const balaklava = rowExcursion({
  _id: hexId(2),
  title: 'Морская прогулка к мысу Айя',
  city: 'Балаклава',
  place: 2,
  category: 'Морские прогулки',
  popularity: 70,
  adultPrice: 1800,
  adultEntryPrice: 0,
  maxAttendants: 12,
});
export const alupka = rowExcursion({
  _id: hexId(3),
  title: 'Воронцовский дворец',
  city: 'Алупка',
  place: 3,
  category: 'Дворцы',
  popularity: 80,
  adultPrice: 1500,
  adultEntryPrice: 700,
  maxAttendants: 40,
});
export const canyon = rowExcursion({
  _id: hexId(4),
  title: 'Большой каньон Крыма',
  city: 'Бахчисарай',
  place: 4,
  category: 'Горы',
  popularity: 40,
  adultPrice: 2000,
  adultEntryPrice: 300,
});
/** Deleted locally: the most popular palace in Yalta, which no screen may show. */
export const removed = rowExcursion({
  _id: hexId(5),
  title: 'Массандровский дворец',
  city: 'Ялта',
  place: 1,
  category: 'Дворцы',
  popularity: 100,
  _deleted: 1,
});

export const tours = {
  /** Today 08:00: already left at NOW. */
  yaltaEarly: rowTour({ _id: hexId(101), excursionID: yalta._id, date: '2026-06-10', time: '08:00' }),
  yaltaLater: rowTour({ _id: hexId(102), excursionID: yalta._id, date: '2026-06-12', time: '09:00' }),
  /** Today 18:00, 10 of 12 places taken. */
  balaklavaTonight: rowTour({
    _id: hexId(103),
    excursionID: balaklava._id,
    date: '2026-06-10',
    time: '18:00',
    takenSeats: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  }),
  balaklavaTomorrow: rowTour({
    _id: hexId(104),
    excursionID: balaklava._id,
    date: '2026-06-11',
    time: '10:00',
  }),
  alupkaTomorrow: rowTour({ _id: hexId(105), excursionID: alupka._id, date: '2026-06-11', time: '8:30' }),
  alupkaLater: rowTour({ _id: hexId(106), excursionID: alupka._id, date: '2026-06-12', time: '09:00' }),
  canyonPast: rowTour({ _id: hexId(107), excursionID: canyon._id, date: '2026-06-01', time: '09:00' }),
  removedToday: rowTour({ _id: hexId(108), excursionID: removed._id, date: '2026-06-10', time: '12:00' }),
  /** The only tour on the 14th, deleted by its seller offline. */
  yaltaDeleted: rowTour({
    _id: hexId(109),
    excursionID: yalta._id,
    date: '2026-06-14',
    time: '09:00',
    _deleted: 1,
    _pending: 1,
  }),
};

export const placeRows = [
  rowPlace(1, 'Ласточкино гнездо'),
  rowPlace(2, 'Мыс Айя'),
  rowPlace(3, 'Воронцовский дворец'),
  rowPlace(4, 'Большой каньон'),
  rowPlace(5, 'Мангуп-Кале'),
  rowPlace(6, 'Ханский дворец', { _deleted: 1 }),
];

export const cityRows = [
  rowCity(1, 'Ялта'),
  rowCity(2, 'Балаклава'),
  rowCity(3, 'Алупка'),
  rowCity(4, 'Бахчисарай'),
];

/** A replica holding the catalogue above, as a finished sync would leave it. */
export async function catalogueReplica(): Promise<ReplicaDb> {
  const db = openReplica();
  await db.excursions.bulkPut([yalta, balaklava, alupka, canyon, removed]);
  await db.tours.bulkPut(Object.values(tours));
  await db.places.bulkPut(placeRows);
  await db.cities.bulkPut(cityRows);
  return db;
}
