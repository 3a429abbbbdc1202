import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { favoriteIds } from '../../../src/client/db/queries/account';
import { excursionDetail } from '../../../src/client/db/queries/excursion';
import { scheduleDays } from '../../../src/client/db/queries/schedule';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { hexId } from '../domain/fixtures';
import { NOW, TODAY, canyon, catalogueReplica, rowTour } from './fixtures';

// The hooks run these queries under Dexie's liveQuery; a query must re-emit when the sync engine
// writes a row it read, including the queries that read inside their own transaction.

let db: ReplicaDb;

beforeAll(() => {
  // Dexie's liveQuery stays silent where there is no global indexedDB (Node); a browser always has one.
  Dexie.dependencies.indexedDB ??= new IDBFactory();
});

beforeEach(async () => {
  db = await catalogueReplica();
});

afterEach(() => {
  db.close();
});

/** The first result of a live query, then the one after `write`. */
function beforeAndAfter<T>(query: () => Promise<T>, write: () => Promise<unknown>): Promise<[T, T]> {
  return new Promise((resolve, reject) => {
    const seen: T[] = [];
    const subscription = Dexie.liveQuery(query).subscribe({
      next: (value) => {
        seen.push(value);
        if (seen.length === 1) write().catch(reject);
        else {
          subscription.unsubscribe();
          resolve([seen[0] as T, value]);
        }
      },
      error: reject,
    });
  });
}

describe('live queries', () => {
  it('see a favourite the sync engine writes', async () => {
    const [before, after] = await beforeAndAfter(
      () => favoriteIds(db),
      () => db.favorites.put({ excursionID: canyon._id, _v: 2 }),
    );
    expect(before.has(canyon._id)).toBe(false);
    expect(after.has(canyon._id)).toBe(true);
  });

  it("see a new tour on the excursion's page", async () => {
    const [before, after] = await beforeAndAfter(
      () => excursionDetail(db, canyon._id, NOW),
      () => db.tours.put(rowTour({ _id: hexId(200), excursionID: canyon._id, date: '2026-06-20' })),
    );
    expect(before?.nearestTour).toBeNull();
    expect(after?.nearestTour?._id).toBe(hexId(200));
  });

  it('see a new schedule day appear', async () => {
    const [before, after] = await beforeAndAfter(
      () => scheduleDays(db, TODAY),
      () => db.tours.put(rowTour({ _id: hexId(201), excursionID: canyon._id, date: '2026-06-13' })),
    );
    expect(before).not.toContain('2026-06-13');
    expect(after).toContain('2026-06-13');
  });
});
