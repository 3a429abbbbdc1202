import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../../src/client/db/schema';
import { MAX_TOUR_ID_CHUNKS, type TourRow } from '../../../src/client/db/tour-groups';
import { applyChanges } from '../../../src/client/sync/pull/apply';
import { clearSynced } from '../../../src/client/sync/pull/settle';

const E1 = 'e1'.padEnd(24, '0');
const E2 = 'e2'.padEnd(24, '0');
const id = (n: number) => `a${String(n).padStart(23, '0')}`;

function tour(n: number, excursionID: string, date: string, extra: Partial<TourRow> = {}): TourRow {
  return {
    _id: id(n),
    excursionID,
    date,
    time: `0${n % 10}:00`,
    attendantsRegistred: 0,
    takenSeats: [],
    emptySeats: [1, 2, 3],
    _v: n,
    ...extra,
  };
}

describe('the tour store (one record per excursion)', () => {
  let db: ReplicaDb;
  let factory: IDBFactory;
  beforeEach(async () => {
    factory = new IDBFactory();
    db = new ReplicaDb('tours', { indexedDB: factory, IDBKeyRange });
    await db.open();
  });
  afterEach(() => db.close());

  it('keeps each excursion’s tours in one record and answers rows by id, excursion and day', async () => {
    await db.tours.bulkPut([tour(1, E1, '2026-07-01'), tour(2, E2, '2026-07-01'), tour(3, E1, '2026-07-03')]);
    await db.tours.put(tour(4, E1, '2026-07-02'));
    expect(await db.tourGroups.count()).toBe(2);
    expect(await db.tours.count()).toBe(4);
    expect((await db.tours.ofExcursion(E1)).map((t) => t._id).sort()).toEqual([id(1), id(3), id(4)]);
    expect(await db.tours.get(id(2))).toEqual(tour(2, E2, '2026-07-01'));
    expect(await db.tours.bulkGet([id(3), id(9), id(2)])).toEqual([
      tour(3, E1, '2026-07-03'),
      undefined,
      tour(2, E2, '2026-07-01'),
    ]);
    expect((await db.tours.onDate('2026-07-01')).map((t) => t._id).sort()).toEqual([id(1), id(2)]);
    expect((await db.tours.from('2026-07-02')).map((t) => t._id).sort()).toEqual([id(3), id(4)]);
    expect(await db.tours.daysFrom('2026-07-02')).toEqual(['2026-07-02', '2026-07-03']);
    expect((await db.tours.ofExcursions([E2, E1])).length).toBe(4);
  });

  it('replaces a tour in place, and drops a record when its last tour goes', async () => {
    await db.tours.bulkPut([tour(1, E1, '2026-07-01'), tour(2, E1, '2026-07-05'), tour(3, E2, '2026-07-01')]);
    await db.tours.put(tour(2, E1, '2026-07-06', { attendantsRegistred: 3 }));
    expect(await db.tours.get(id(2))).toMatchObject({ date: '2026-07-06', attendantsRegistred: 3 });
    expect(await db.tours.count()).toBe(3);
    // The day index follows the tour's new date.
    expect(await db.tours.daysFrom('2026-07-01')).toEqual(['2026-07-01', '2026-07-06']);

    await db.tours.bulkDelete([id(3), id(1), id(9)]);
    expect(await db.tourGroups.get(E2)).toBeUndefined();
    expect((await db.tours.toArray()).map((t) => t._id)).toEqual([id(2)]);
    expect(await db.tours.onDate('2026-07-01')).toEqual([]);
  });

  it('leaves a day whose only tours are deleted locally out of the days, but keeps the rows', async () => {
    await db.tours.bulkPut([
      tour(1, E1, '2026-07-01', { _deleted: 1, _pending: 1 }),
      tour(2, E1, '2026-07-02'),
    ]);
    expect(await db.tours.daysFrom('2026-07-01')).toEqual(['2026-07-02']);
    expect(await db.tours.get(id(1))).toMatchObject({ _deleted: 1 });
  });

  it('finds the tours created on this phone by their temporary ids', async () => {
    await db.tours.bulkPut([
      tour(1, E1, '2026-07-01'),
      { ...tour(2, E1, '2026-07-01'), _id: 'tour-one', _v: 0, _pending: 1 },
      { ...tour(3, E2, '2026-07-01'), _id: 'tour-two', _v: 0, _pending: 1 },
      { ...tour(4, E2, '2026-07-02'), _id: 'tour-three', _v: 0, _pending: 1 },
    ]);
    expect((await db.tours.local()).map((t) => t._id).sort()).toEqual(['tour-one', 'tour-three', 'tour-two']);
    await db.tours.bulkDelete(['tour-one', 'tour-two']);
    expect((await db.tours.local()).map((t) => t._id)).toEqual(['tour-three']);
  });

  it('finds tours by id that another tab wrote after this one last looked', async () => {
    const other = new ReplicaDb('tours', { indexedDB: factory, IDBKeyRange });
    await other.open();
    try {
      await db.tours.bulkPut([tour(1, E1, '2026-07-01')]);
      expect(await other.tours.get(id(1))).toEqual(tour(1, E1, '2026-07-01'));
      await db.tours.bulkPut([tour(2, E1, '2026-07-02'), tour(3, E2, '2026-07-02')]);
      expect(await other.tours.bulkGet([id(3), id(2), id(1)])).toEqual([
        tour(3, E2, '2026-07-02'),
        tour(2, E1, '2026-07-02'),
        tour(1, E1, '2026-07-01'),
      ]);
    } finally {
      other.close();
    }
  });

  it('forgets nothing when a transaction that added tours fails, and finds them once they are added', async () => {
    await expect(
      db.transaction('rw', db.tourGroups, db.tourIds, async () => {
        await db.tours.bulkPut([tour(1, E1, '2026-07-01')]);
        expect(await db.tours.get(id(1))).toEqual(tour(1, E1, '2026-07-01'));
        throw new Error('the page failed');
      }),
    ).rejects.toThrow('the page failed');
    expect(await db.tours.get(id(1))).toBeUndefined();
    expect(await db.tourIds.count()).toBe(0);
    await db.tours.bulkPut([tour(1, E1, '2026-07-01')]);
    expect(await db.tours.get(id(1))).toEqual(tour(1, E1, '2026-07-01'));
  });

  it('merges the directory once it has too many chunks, and still finds every tour by id', async () => {
    const count = MAX_TOUR_ID_CHUNKS + 5;
    for (let n = 1; n <= count; n++) await db.tours.put(tour(n, n % 2 ? E1 : E2, '2026-07-01'));
    expect(await db.tourIds.count()).toBeLessThanOrEqual(MAX_TOUR_ID_CHUNKS);
    const fresh = new ReplicaDb('tours', { indexedDB: factory, IDBKeyRange });
    await fresh.open();
    try {
      for (const reader of [db, fresh]) {
        const found = await reader.tours.bulkGet(Array.from({ length: count }, (_, i) => id(i + 1)));
        expect(found.map((row) => row?.excursionID)).toEqual(
          Array.from({ length: count }, (_, i) => ((i + 1) % 2 ? E1 : E2)),
        );
      }
    } finally {
      fresh.close();
    }
  });

  it('applies pages of changes: grouped puts, a newer version, a deletion, and a start over', async () => {
    const put = (n: number, excursionID: string, version: number, time = '09:00') => ({
      collection: 'tours' as const,
      op: 'put' as const,
      version,
      row: { ...tour(n, excursionID, '2026-07-01'), time, _v: undefined },
    });
    await applyChanges(db, [put(1, E1, 10), put(2, E1, 11), put(3, E2, 12)], 't1.20.0');
    await applyChanges(db, [put(4, E2, 13), put(1, E1, 9, '23:00'), put(2, E1, 21, '10:30')], 'v1.21.0');
    expect(await db.tours.get(id(1))).toMatchObject({ time: '09:00', _v: 10 });
    expect(await db.tours.get(id(2))).toMatchObject({ time: '10:30', _v: 21 });
    expect(await db.tours.count()).toBe(4);

    await applyChanges(db, [{ collection: 'tours', op: 'delete', version: 22, id: id(3) }]);
    expect(await db.tours.get(id(3))).toBeUndefined();
    // An older put of the deleted tour does not bring it back.
    await applyChanges(db, [put(3, E2, 12)]);
    expect(await db.tours.get(id(3))).toBeUndefined();

    // A start over keeps only tours with local edits in flight.
    await db.tours.put({ ...tour(7, E2, '2026-07-04'), _id: 'tmp-seven', _v: 0, _pending: 1 });
    await clearSynced(db);
    expect((await db.tours.toArray()).map((t) => t._id)).toEqual(['tmp-seven']);
    // The directory is rewritten with just the tour kept.
    expect(await db.tourIds.toArray()).toMatchObject([{ excursionIDs: [E2], tourIDs: [['tmp-seven']] }]);
    expect(await db.tours.get('tmp-seven')).toMatchObject({ excursionID: E2, _pending: 1 });
    expect(await db.tours.get(id(1))).toBeUndefined();
  });
});
