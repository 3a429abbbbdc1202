import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReplicaDb } from '../../../src/client/db/schema';
import {
  currentUser,
  favoriteExcursions,
  favoriteIds,
  foundOnceSynced,
  hasSynced,
  listOnceSynced,
} from '../../../src/client/db/queries/account';
import { catalogueSource } from '../../../src/client/db/queries/catalogue';
import { ticket, tickets } from '../../../src/client/db/queries/tickets';
import { banners, specialOffers } from '../../../src/client/db/queries/content';
import type { Ticket, User } from '../../../src/domain/types';
import { hexId } from '../domain/fixtures';
import { alupka, balaklava, catalogueReplica, removed, tours, yalta } from './fixtures';

let db: ReplicaDb;

beforeEach(async () => {
  db = await catalogueReplica();
});

afterEach(() => {
  db.close();
});

const user: User = {
  id: 7,
  name: 'Анна',
  surname: 'Петрова',
  middlename: '',
  phone: '89781234567',
  email: 'anna@example.ru',
  avatar: '',
  role: 'user',
  balance: 0,
  tickets: [],
  favorites: [],
  userExcursions: [],
  isAuthenticated: true,
};

function makeTicket(id: string, tourID: string, overrides: Partial<Ticket> = {}): Ticket & { _v: number } {
  return {
    _id: id,
    userID: user.id,
    tourID,
    adults: 2,
    kids: 0,
    seats: [],
    assemblyPoint: 'Ялта, Набережная',
    services: [],
    excursionPrice: 5000,
    entryPrice: 1000,
    status: 'confirmed',
    _v: 1,
    ...overrides,
  };
}

describe('sync state', () => {
  it('counts the replica as filled only once a first sync has stored its last page', async () => {
    expect(await hasSynced(db)).toBe(false);
    await db.meta.put({ key: 'cursor', value: '' });
    expect(await hasSynced(db)).toBe(false);
    // A first sync cut short: while the snapshot's collections, then its tours, were being pulled.
    await db.meta.put({ key: 'cursor', value: 's1.42.0.7' });
    expect(await hasSynced(db)).toBe(false);
    await db.meta.put({ key: 'cursor', value: 't1.42.7.65f0c0ffee0000000000abcd.2026-12-01.0900' });
    expect(await hasSynced(db)).toBe(false);
    await db.meta.put({ key: 'cursor', value: 'v1.42.7' });
    expect(await hasSynced(db)).toBe(true);
    await db.meta.put({ key: 'cursor', value: 'v1.0.0' });
    expect(await hasSynced(db)).toBe(true);
  });
});

describe('a row a screen is about', () => {
  const readYalta = () => db.excursions.get(yalta._id);

  it('is the row when the replica has it, synced or not', async () => {
    expect((await foundOnceSynced(db, readYalta))?._id).toBe(yalta._id);
  });

  it('is "loading" while absent before the first sync ends, and "not found" only after', async () => {
    await db.excursions.delete(yalta._id);
    await db.meta.put({ key: 'cursor', value: 's1.42.0.7' });
    expect(await foundOnceSynced(db, readYalta)).toBeUndefined();
    await db.meta.put({ key: 'cursor', value: 'v1.42.7' });
    expect(await foundOnceSynced(db, readYalta)).toBeNull();
  });

  it('is read again after the sync state, so a page applied between the reads finds the row', async () => {
    const row = await readYalta();
    await db.excursions.delete(yalta._id);
    let reads = 0;
    // The sync's last page brings the row (and the changes cursor) right after the first read.
    const read = async () => {
      const found = await readYalta();
      if (++reads === 1) {
        await db.transaction('rw', db.excursions, db.meta, async () => {
          await db.excursions.put(row as NonNullable<typeof row>);
          await db.meta.put({ key: 'cursor', value: 'v1.42.8' });
        });
      }
      return found;
    };
    expect((await foundOnceSynced(db, read))?._id).toBe(yalta._id);
    expect(reads).toBe(2);
  });
});

describe('a list a screen shows', () => {
  const readFavourites = () => db.favorites.toArray();

  it('is its rows whenever there are any, and "loading" while empty before the first sync ends', async () => {
    expect(await listOnceSynced(db, readFavourites)).toBeUndefined();
    await db.favorites.put({ excursionID: yalta._id, _v: 1 });
    expect(await listOnceSynced(db, readFavourites)).toHaveLength(1);
  });

  it('is empty for good only after a sync, and is read again after the sync state', async () => {
    await db.meta.put({ key: 'cursor', value: 'v1.42.7' });
    expect(await listOnceSynced(db, readFavourites)).toEqual([]);
    await db.meta.delete('cursor');
    let reads = 0;
    // The sync's last page brings a favourite (and the changes cursor) right after the first read.
    const read = async () => {
      const rows = await readFavourites();
      if (++reads === 1) {
        await db.transaction('rw', db.favorites, db.meta, async () => {
          await db.favorites.put({ excursionID: yalta._id, _v: 1 });
          await db.meta.put({ key: 'cursor', value: 'v1.42.8' });
        });
      }
      return rows;
    };
    expect((await listOnceSynced(db, read))?.map((row) => row.excursionID)).toEqual([yalta._id]);
    expect(reads).toBe(2);
  });

  it('judges a result that is not an array by its own test, read again after the sync state too', async () => {
    // The catalogue's source: excursions with their tours. The replica holds none yet.
    await db.excursions.clear();
    const empty = (source: { excursions: unknown[] }) => source.excursions.length === 0;
    const source = () => catalogueSource(db, '2026-11-27');
    expect(await listOnceSynced(db, source, empty)).toBeUndefined();
    let reads = 0;
    const read = async () => {
      const rows = await source();
      if (++reads === 1) {
        await db.transaction('rw', db.excursions, db.meta, async () => {
          await db.excursions.put({ ...yalta, _v: 1 });
          await db.meta.put({ key: 'cursor', value: 'v1.42.8' });
        });
      }
      return rows;
    };
    expect((await listOnceSynced(db, read, empty))?.excursions.map((row) => row._id)).toEqual([yalta._id]);
    expect(reads).toBe(2);
    await db.excursions.clear();
    expect(await listOnceSynced(db, source, empty)).toEqual({ excursions: [], tours: [] });
  });
});

describe('current user', () => {
  it('is undefined when signed out and the single user row when signed in', async () => {
    expect(await currentUser(db)).toBeUndefined();
    await db.users.put({ ...user, _v: 3 });
    expect((await currentUser(db))?.email).toBe('anna@example.ru');
  });
});

describe('favourites', () => {
  beforeEach(async () => {
    await db.favorites.bulkPut([
      { excursionID: balaklava._id, _v: 1 },
      { excursionID: yalta._id, _v: 0, _pending: 1 },
      // Unfavourited offline: hidden at once, although the server has not heard yet.
      { excursionID: alupka._id, _v: 1, _deleted: 1, _pending: 1 },
      { excursionID: removed._id, _v: 1 },
      { excursionID: hexId(999), _v: 1 },
    ]);
  });

  it('hides an unfavourite waiting for the server', async () => {
    const favourite = await favoriteIds(db);
    expect(favourite.has(alupka._id)).toBe(false);
    expect(favourite.has(yalta._id)).toBe(true);
    expect(favourite.has(balaklava._id)).toBe(true);
  });

  it('lists the favourited excursions in the replica, most popular first', async () => {
    expect((await favoriteExcursions(db)).map((e) => e._id)).toEqual([yalta._id, balaklava._id]);
  });
});

describe('tickets', () => {
  const older = makeTicket(hexId(0x6a00_0001), tours.yaltaLater._id);
  // Its tour is gone from the replica, but the ticket remembers the excursion.
  const tourGone = makeTicket(hexId(0x6a00_0002), hexId(998), {
    tour: { date: '2026-05-01', time: '09:00', excursionID: alupka._id },
  });
  // Neither the tour nor the excursion can be found.
  const bothGone = makeTicket(hexId(0x6a00_0003), hexId(997));
  const cancelledLocally = makeTicket(hexId(0x6a00_0004), tours.yaltaLater._id);

  beforeEach(async () => {
    await db.tickets.bulkPut([older, bothGone, tourGone, { ...cancelledLocally, _deleted: 1 }]);
  });

  it('lists the newest first, each with its tour and excursion or null where missing', async () => {
    const list = await tickets(db);
    expect(list.map((view) => view.ticket._id)).toEqual([bothGone._id, tourGone._id, older._id]);
    expect(list.map((view) => [view.tour?._id ?? null, view.excursion?._id ?? null])).toEqual([
      [null, null],
      [null, alupka._id],
      [tours.yaltaLater._id, yalta._id],
    ]);
  });

  it("tells 'Ticket not found' (null) from a ticket whose tour or excursion is missing", async () => {
    expect(await ticket(db, hexId(1234))).toBeNull();
    expect(await ticket(db, cancelledLocally._id)).toBeNull();
    const found = await ticket(db, tourGone._id);
    expect(found?.tour).toBeNull();
    expect(found?.excursion?._id).toBe(alupka._id);
    expect((await ticket(db, older._id))?.excursion?.title).toBe(yalta.title);
  });
});

describe('banners and special offers', () => {
  it('lists them by id without deleted ones', async () => {
    await db.banners.bulkPut([
      { id: 2, title: 'Лето в Крыму', subtitle: '', image: '', link: '/excursions', _v: 1 },
      { id: 1, title: 'Скидки', subtitle: '', image: '', link: '/excursions', _v: 1 },
      { id: 3, title: 'Старый', subtitle: '', image: '', link: '/', _v: 1, _deleted: 1 },
    ]);
    await db.specialOffers.put({
      id: 1,
      title: '−10% на морские прогулки',
      description: '',
      image: '',
      discount: 10,
      excursionID: balaklava._id,
      _v: 1,
    });
    expect((await banners(db)).map((b) => b.id)).toEqual([1, 2]);
    expect((await specialOffers(db)).map((o) => o.discount)).toEqual([10]);
  });
});
