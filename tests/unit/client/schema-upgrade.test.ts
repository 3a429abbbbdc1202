import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../../src/client/db/schema';

/** What a future release looks like: the same database with one more version on top. */
class NextReplicaDb extends ReplicaDb {
  constructor(name: string, factory: IDBFactory) {
    super(name, { indexedDB: factory, IDBKeyRange });
    this.version(2).stores({ notes: '++id' });
  }
}

describe('the replica schema', () => {
  it('keeps queued offline changes when an installed app upgrades to a newer schema', async () => {
    const factory = new IDBFactory();
    const installed = new ReplicaDb('upgrade', { indexedDB: factory, IDBKeyRange });
    await installed.outbox.add({
      id: 'c0a80101-0000-4000-8000-000000000001',
      kind: 'favorite.set',
      payload: { excursionID: 'a'.repeat(24) },
      undo: null,
      userId: 4,
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 1,
      lastError: null,
    });
    installed.close();

    const upgraded = new NextReplicaDb('upgrade', factory);
    await upgraded.open();
    expect(upgraded.verno).toBe(2);
    expect((await upgraded.outbox.toArray()).map((row) => row.kind)).toEqual(['favorite.set']);
    upgraded.close();
  });
});
