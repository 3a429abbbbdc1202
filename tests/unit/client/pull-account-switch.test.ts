import { afterEach, beforeEach, expect, it } from 'vitest';
import { SESSION_USER_META, type ReplicaDb } from '../../../src/client/db/schema';
import { pullAll } from '../../../src/client/sync/pull/tab';
import { city } from '../protocol/fixtures';
import { openReplica } from './fixtures';
import { scriptedServer } from './scripted-server';

// Someone signs in while a pull for the guest is on its way: the guest's pages no longer fit the
// replica, which now belongs to the account. The pull ends instead of asking for them again.

let db: ReplicaDb;
beforeEach(() => {
  db = openReplica();
});
afterEach(() => {
  db.close();
});

it('ends a pull whose page came for another account, leaving the replica and its cursor as they were', async () => {
  await db.meta.put({ key: 'cursor', value: 'v1.5.7' });
  const { http, asked } = scriptedServer(
    {
      'v1.5.7': {
        cursor: 'v1.9.7',
        more: true,
        changes: [{ collection: 'cities', op: 'put', version: 9, row: city({ id: 1 }) }],
      },
      'v1.9.7': { cursor: 'v1.12.7', changes: [] },
    },
    async () => {
      // The account that signs in meanwhile is user 8; the pull still speaks for user 7.
      await db.meta.put({ key: SESSION_USER_META, value: 8 });
    },
  );

  const outcome = await pullAll(http, db, 'token-of-7', {
    early: () => undefined,
    onFilled: () => undefined,
  });

  expect(outcome).toEqual({ ok: true, pages: 1, changes: 1 });
  expect(asked).toEqual(['v1.5.7']);
  expect((await db.meta.get('cursor'))?.value).toBe('v1.5.7');
  expect(await db.cities.count()).toBe(0);
});
