import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ReplicaDb, type OutboxRow } from '../../../src/client/db/schema';

/** What a future release looks like: the same database with one more version on top. */
class NextReplicaDb extends ReplicaDb {
  constructor(name: string, factory: IDBFactory) {
    super(name, { indexedDB: factory, IDBKeyRange });
    this.version(3).stores({ notes: '++id' });
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
    expect(upgraded.verno).toBe(3);
    expect((await upgraded.outbox.toArray()).map((row) => row.kind)).toEqual(['favorite.set']);
    upgraded.close();
  });

  it('opens a version-1 replica under version 2 with its outbox row and its data kept', async () => {
    const factory = new IDBFactory();
    const v1 = installedV1('v1', factory);
    await v1.table('outbox').add({ ...queued });
    await v1.table('tours').put({
      _id: 't'.repeat(24),
      excursionID: 'e'.repeat(24),
      date: '2026-07-01',
      time: '09:00',
      attendantsRegistred: 0,
      takenSeats: [],
      emptySeats: [1, 2],
      _v: 7,
    });
    v1.close();

    const db = new ReplicaDb('v1', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.outbox.toArray()).toEqual([{ ...queued, seq: 1 }]);
    // The dropped tours index is still answered from [excursionID+date]; the kept ones are intact.
    expect(await db.tours.where('excursionID').equals('e'.repeat(24)).primaryKeys()).toEqual([
      't'.repeat(24),
    ]);
    expect(await db.tours.where('date').equals('2026-07-01').count()).toBe(1);
    const names = db.backendDB().transaction('tours').objectStore('tours').indexNames;
    expect([...names].sort()).toEqual(['[excursionID+date]', 'date'].sort());
    db.close();
  });
});
