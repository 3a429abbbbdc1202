import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplicaDb } from '../../../src/client/db/schema';
import { bulkPutInSlices, WRITE_BUDGET_MS } from '../../../src/client/db/sliced-put';
import { applyChanges } from '../../../src/client/sync/pull/apply';
import type { Change } from '../../../src/protocol/sync';
import type { City } from '../../../src/domain/types';
import { excursion, tour } from '../protocol/fixtures';

// bulkPutInSlices hands a bulkPut's rows to IndexedDB a few at a time, and once a task has spent
// its budget waits for IndexedDB's answer before the next ones, all in the caller's transaction.

type CityRow = City & { _v: number };
const city = (id: number): CityRow => ({ id, name: `Город ${id}`, image: '', description: '', _v: id });

describe('bulkPutInSlices', () => {
  let db: ReplicaDb;
  beforeEach(async () => {
    db = new ReplicaDb('sliced', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
  });
  afterEach(() => db.close());

  /** The cities table, logging each bulkPut call with how many earlier calls IndexedDB had answered. */
  function loggedCities() {
    const calls: { rows: number[]; answeredBefore: number }[] = [];
    let answered = 0;
    const table = {
      bulkPut: (rows: CityRow[]) => {
        calls.push({ rows: rows.map((row) => row.id), answeredBefore: answered });
        return db.cities.bulkPut(rows).then(() => {
          answered += 1;
        });
      },
    };
    return { table, calls };
  }

  it('spreads the rows over turns, each after IndexedDB answered, in one transaction', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => city(i + 1));
    const { table, calls } = loggedCities();
    // Each reading of the clock is a third of the budget later: a turn issues two or three calls.
    let time = 0;
    const clock = () => (time += WRITE_BUDGET_MS / 3);
    await db.transaction('rw', ['cities'], () => bulkPutInSlices(table, rows, { clock }));

    expect((await db.cities.toArray()).map((row) => row.id)).toEqual(rows.map((row) => row.id));
    // Every row once, in order, one row first and then twice as many per call within a turn.
    expect(calls.flatMap((call) => call.rows)).toEqual(rows.map((row) => row.id));
    expect(calls[0]?.rows).toEqual([1]);
    expect(calls[1]?.rows).toEqual([2, 3]);
    // The first turn issued without waiting; a later one only after an answer.
    expect(calls[0]?.answeredBefore).toBe(0);
    const turns = new Set(calls.map((call) => call.answeredBefore));
    expect(turns.size).toBeGreaterThan(2);
    expect(calls.at(-1)?.answeredBefore).toBeGreaterThan(0);
  });

  it('issues everything at once while the task has time left', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => city(i + 1));
    const { table, calls } = loggedCities();
    await db.transaction('rw', ['cities'], () => bulkPutInSlices(table, rows, { clock: () => 0 }));
    expect(await db.cities.count()).toBe(40);
    expect(calls.map((call) => call.rows.length)).toEqual([1, 2, 4, 8, 16, 9]);
    expect(calls.every((call) => call.answeredBefore === 0)).toBe(true);
  });

  it('stores nothing and rejects when a put in a later turn fails', async () => {
    // A row without its key fails its put; the transaction, and the puts before it, are undone.
    const rows = [...Array.from({ length: 30 }, (_, i) => city(i + 1)), { name: 'без ключа' } as CityRow];
    let time = 0;
    const clock = () => (time += WRITE_BUDGET_MS / 2);
    await expect(
      db.transaction('rw', ['cities'], () => bulkPutInSlices(db.cities, rows, { clock })),
    ).rejects.toThrow();
    expect(await db.cities.count()).toBe(0);
  });

  it('counts its first slice from when the task began, so writes started together share one budget', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => city(i + 1));
    const { table, calls } = loggedCities();
    // The task has already spent its budget on other tables' puts: one call, then a wait.
    const now = 100;
    await db.transaction('rw', ['cities'], () =>
      bulkPutInSlices(table, rows, { clock: () => now, since: now - WRITE_BUDGET_MS }),
    );
    expect(calls[0]?.rows).toEqual([1]);
    expect(calls[1]?.answeredBefore).toBe(1);
    expect(await db.cities.count()).toBe(8);
  });

  it('resolves at once for no rows', async () => {
    const { table, calls } = loggedCities();
    await db.transaction('rw', ['cities'], () => bulkPutInSlices(table, [], { clock: () => 0 }));
    expect(calls).toEqual([]);
  });
});

describe('applyChanges hands its records to IndexedDB in slices', () => {
  let db: ReplicaDb;
  beforeEach(async () => {
    db = new ReplicaDb('apply-sliced', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
  });
  afterEach(() => db.close());

  it('puts a page’s excursions and tour records a few at a time, growing, and stores them all', async () => {
    const hex = (n: number) => n.toString(16).padStart(24, '0');
    const changes: Change[] = [];
    for (let n = 1; n <= 20; n++) {
      changes.push({ collection: 'excursions', op: 'put', version: n, row: excursion({ _id: hex(n) }) });
      changes.push({
        collection: 'tours',
        op: 'put',
        version: 100 + n,
        row: tour({ _id: hex(1000 + n), excursionID: hex(n) }),
      });
    }
    // Every table's bulkPut calls, by table (Dexie hands out more than one object per table).
    const calls: Record<string, number[]> = {};
    const proto = Object.getPrototypeOf(db.excursions) as { bulkPut: (rows: unknown[]) => unknown };
    const original = proto.bulkPut;
    const spy = vi.spyOn(proto, 'bulkPut').mockImplementation(function (this: { name: string }, rows) {
      (calls[this.name] ??= []).push(rows.length);
      return original.call(this, rows);
    });
    // The clock stands still, so no slice runs out of its budget whatever the machine's load: the
    // growth alone is what this test sees (the tests above turn the clock).
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    await applyChanges(db, changes, 'v1.120.0');
    clock.mockRestore();

    expect(await db.excursions.count()).toBe(20);
    expect(await db.tours.count()).toBe(20);
    // One row first, then twice as many per call (see the tests above for the turns between them).
    spy.mockRestore();
    for (const table of ['excursions', 'tourGroups']) {
      expect(calls[table]?.slice(0, 3)).toEqual([1, 2, 4]);
      expect(calls[table]?.reduce((sum, n) => sum + n, 0)).toBe(20);
    }
  });
  it('plans a pulled page, then starts its transaction in a task of its own; a socket delta at once', async () => {
    const events: string[] = [];
    const pause = async () => {
      events.push('pause');
    };
    const proto = Object.getPrototypeOf(db.excursions) as { bulkPut: (rows: unknown[]) => unknown };
    const original = proto.bulkPut;
    const spy = vi.spyOn(proto, 'bulkPut').mockImplementation(function (this: unknown, rows) {
      events.push('put');
      return original.call(this, rows);
    });
    const page: Change[] = [{ collection: 'excursions', op: 'put', version: 5, row: excursion() }];
    await applyChanges(db, page, 'v1.5.0', pause);
    expect(events).toEqual(['pause', 'put', 'put']);

    events.length = 0;
    const delta: Change[] = [{ collection: 'excursions', op: 'put', version: 6, row: excursion() }];
    await applyChanges(db, delta, undefined, pause);
    spy.mockRestore();
    expect(events).toEqual(['put']);
    expect((await db.excursions.toArray()).map((row) => row._v)).toEqual([6]);
  });
});
