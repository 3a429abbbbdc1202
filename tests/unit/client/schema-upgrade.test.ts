import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ReplicaDb, type OutboxRow } from '../../../src/client/db/schema';

/** What a future release looks like: the same database with one more version on top. */
class NextReplicaDb extends ReplicaDb {
  constructor(name: string, factory: IDBFactory) {
    super(name, { indexedDB: factory, IDBKeyRange });
    this.version(8).stores({ notes: '++id' });
  }
}

/** The replica as version 1 shipped it (schema.ts keeps this declaration unchanged). */
function installedV1(name: string, factory: IDBFactory): Dexie {
  const db = new Dexie(name, { indexedDB: factory, IDBKeyRange });
  db.version(1).stores({
    excursions: '_id, city, place, category, ownerID, popularity',
    tours: '_id, excursionID, date, [excursionID+date]',
    places: 'id',
    cities: 'id, name',
    banners: 'id',
    specialOffers: 'id',
    users: 'id',
    tickets: '_id, tourID',
    favorites: 'excursionID',
    outbox: '++seq, &id, userId',
    rejections: 'id, at, seen',
    tombstones: 'key, version',
    deferred: 'key',
    meta: 'key',
    log: '++id, at',
  });
  return db;
}

/** The replica as version 3 shipped it: tours one record per excursion, found by id through `ids`. */
function installedV3(name: string, factory: IDBFactory): Dexie {
  const db = new Dexie(name, { indexedDB: factory, IDBKeyRange });
  db.version(3).stores({
    excursions: '_id, city, place, category, ownerID',
    tourGroups: 'excursionID, *dates, *ids',
    places: 'id',
    cities: 'id, name',
    banners: 'id',
    specialOffers: 'id',
    users: 'id',
    tickets: '_id, tourID',
    favorites: 'excursionID',
    outbox: '++seq, &id, userId',
    rejections: 'id, at, seen',
    tombstones: 'key, version',
    deferred: 'key',
    meta: 'key',
    log: '++id, at',
  });
  return db;
}

const tour = (id: string, excursionID: string, date: string, extra = {}) => ({
  _id: id,
  excursionID,
  date,
  time: '09:00',
  attendantsRegistred: 0,
  takenSeats: [],
  emptySeats: [1, 2],
  _v: 7,
  ...extra,
});

const queued: OutboxRow = {
  id: 'c0a80101-0000-4000-8000-000000000001',
  kind: 'favorite.set',
  payload: { excursionID: 'a'.repeat(24) },
  undo: null,
  userId: 4,
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 1,
  lastError: null,
};

describe('the replica schema', () => {
  it('keeps queued offline changes when an installed app upgrades to a newer schema', async () => {
    const factory = new IDBFactory();
    const installed = new ReplicaDb('upgrade', { indexedDB: factory, IDBKeyRange });
    await installed.outbox.add({ ...queued });
    installed.close();

    const upgraded = new NextReplicaDb('upgrade', factory);
    await upgraded.open();
    expect(upgraded.verno).toBe(8);
    expect((await upgraded.outbox.toArray()).map((row) => row.kind)).toEqual(['favorite.set']);
    upgraded.close();
  });

  it('opens a version-1 replica under the current version with its outbox row and its tours kept', async () => {
    const factory = new IDBFactory();
    const v1 = installedV1('v1', factory);
    await v1.table('outbox').add({ ...queued });
    await v1
      .table('tours')
      .bulkPut([
        tour('t'.repeat(24), 'e'.repeat(24), '2026-07-01'),
        tour('u'.repeat(24), 'e'.repeat(24), '2026-07-02', { _deleted: 1, _pending: 1 }),
        tour('v'.repeat(24), 'f'.repeat(24), '2026-07-02'),
      ]);
    v1.close();

    const db = new ReplicaDb('v1', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(7);
    expect(await db.outbox.toArray()).toEqual([{ ...queued, seq: 1 }]);
    // Version 3 holds each excursion's tours in one record, every row as it was (local marks kept).
    expect(await db.tourGroups.count()).toBe(2);
    const own = await db.tours.ofExcursion('e'.repeat(24));
    expect(own.map((row) => row._id).sort()).toEqual(['t'.repeat(24), 'u'.repeat(24)]);
    expect(own.find((row) => row._id === 'u'.repeat(24))).toMatchObject({ _deleted: 1, _pending: 1 });
    expect(await db.tours.get('v'.repeat(24))).toEqual(tour('v'.repeat(24), 'f'.repeat(24), '2026-07-02'));
    // A day is found through the records whose undeleted tours fall on it.
    expect((await db.tours.onDate('2026-07-02')).map((row) => row._id).sort()).toEqual(['v'.repeat(24)]);
    expect(await db.tours.daysFrom('2026-06-01')).toEqual(['2026-07-01', '2026-07-02']);
    const names = db.backendDB().transaction('tourGroups').objectStore('tourGroups').indexNames;
    expect([...names].sort()).toEqual(['dates', 'local']);
    expect([...db.backendDB().objectStoreNames]).not.toContain('tours');
    db.close();
  });

  it('opens a version-3 replica with every tour still found by id, and the ones made offline by `local`', async () => {
    const factory = new IDBFactory();
    const v3 = installedV3('v3', factory);
    const own = [
      tour('t'.repeat(24), 'e'.repeat(24), '2026-07-01'),
      tour('tour-offline', 'e'.repeat(24), '2026-07-03', { _v: 0, _pending: 1 }),
    ];
    const other = [tour('v'.repeat(24), 'f'.repeat(24), '2026-07-02')];
    await v3.table('tourGroups').bulkPut([
      {
        excursionID: 'e'.repeat(24),
        tours: own,
        dates: ['2026-07-01', '2026-07-03'],
        ids: own.map((row) => row._id),
      },
      { excursionID: 'f'.repeat(24), tours: other, dates: ['2026-07-02'], ids: ['v'.repeat(24)] },
    ]);
    v3.close();

    const db = new ReplicaDb('v3', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(7);
    expect(await db.tours.bulkGet(['v'.repeat(24), 'tour-offline', 't'.repeat(24), 'w'.repeat(24)])).toEqual([
      other[0],
      own[1],
      own[0],
      undefined,
    ]);
    expect((await db.tours.local()).map((row) => row._id)).toEqual(['tour-offline']);
    // The records no longer carry the ids the dropped index read.
    expect(await db.tourGroups.get('f'.repeat(24))).toEqual({
      excursionID: 'f'.repeat(24),
      tours: other,
      dates: ['2026-07-02'],
      local: [],
    });
    expect(await db.tourIds.count()).toBe(1);
    db.close();
  });
});
