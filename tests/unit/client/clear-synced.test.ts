import { afterEach, describe, expect, it } from 'vitest';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { clearSynced } from '../../../src/client/sync/pull/settle';
import { user } from '../protocol/fixtures';
import { openReplica, rowExcursion, rowTour } from './fixtures';

// A "start over" (clearSynced) drops what the server sent and keeps what this phone still owes it.

let db: ReplicaDb;
afterEach(async () => {
  await db?.delete();
});

describe('clearSynced', () => {
  it("keeps rows with edits in flight and the signed-in user's placeholder, drops the rest", async () => {
    db = openReplica();
    await db.users.bulkPut([
      { ...user({ id: 7 }), _v: 0 },
      { ...user({ id: 8 }), _v: 40 },
    ]);
    await db.favorites.bulkPut([
      // Acknowledged long ago: version 0 too, but the server may since have dropped it elsewhere.
      { excursionID: 'a'.repeat(24), _v: 0 },
      { excursionID: 'b'.repeat(24), _v: 0, _pending: 1 },
    ]);
    await db.excursions.bulkPut([rowExcursion({ _id: 'c'.repeat(24), _v: 12 })]);
    await db.tours.bulkPut([
      rowTour({ _id: 'd'.repeat(24), _v: 13 }),
      rowTour({ _id: 'e'.repeat(24), _v: 0, _pending: 1 }),
    ]);
    await db.tombstones.put({ key: 'tours:x', version: 3 });
    await db.meta.bulkPut([
      { key: 'cursor', value: 'v1.40.7' },
      { key: 'cursorVersion', value: 40 },
    ]);

    await clearSynced(db);

    expect((await db.users.toArray()).map((row) => row.id)).toEqual([7]);
    expect((await db.favorites.toArray()).map((row) => row.excursionID)).toEqual(['b'.repeat(24)]);
    expect(await db.excursions.count()).toBe(0);
    expect((await db.tours.toArray()).map((row) => row._id)).toEqual(['e'.repeat(24)]);
    expect(await db.tombstones.count()).toBe(0);
    expect(await db.meta.get('cursor')).toBeUndefined();
    expect(await db.meta.get('cursorVersion')).toBeUndefined();
  });
});
