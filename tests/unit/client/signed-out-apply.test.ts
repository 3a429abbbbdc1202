import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOut } from '../../../src/client/commands/account';
import { SESSION_USER_META, type ReplicaDb } from '../../../src/client/db/schema';
import { applyChanges } from '../../../src/client/sync/pull/apply';
import type { User } from '../../../src/domain/types';
import type { Change } from '../../../src/protocol/sync';
import { encodeCursor } from '../../../src/protocol/sync-cursor';
import { openReplica, rowCity } from './fixtures';

// A page of an account's pull (or a socket delta) that arrives after that account signed out must not
// put its rows back on the phone: a seller's passenger manifest holds other people's phone numbers.

const seller: User = {
  id: 2,
  name: 'Ирина',
  surname: 'Соколова',
  middlename: '',
  phone: '89781112233',
  email: 'seller@example.ru',
  avatar: '',
  role: 'seller',
  balance: 0,
  tickets: [],
  favorites: [],
  userExcursions: [],
  isAuthenticated: true,
};

const { _v: _version, ...city } = rowCity(1, 'Ялта');
const page: Change[] = [
  { collection: 'user', op: 'put', version: 11, row: seller },
  { collection: 'cities', op: 'put', version: 12, row: city },
];
const cursorOf = (userId: number) => encodeCursor({ stage: 'changes', after: 12, userId });

let db: ReplicaDb;
beforeEach(() => {
  db = openReplica();
});
afterEach(() => {
  db.close();
});

const memoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
};

describe('applying changes around a sign-out', () => {
  it("drops the signed-out account's own rows from a page that arrives after logout, keeping the public ones", async () => {
    await signOut({ db, storage: memoryStorage() });
    await applyChanges(db, page, cursorOf(seller.id));
    expect(await db.users.count()).toBe(0);
    expect((await db.cities.get(1))?.name).toBe('Ялта');
    // A live delta (no cursor) is held to the same rule.
    await applyChanges(db, [{ collection: 'user', op: 'put', version: 13, row: seller }]);
    expect(await db.users.count()).toBe(0);
  });

  it('drops a whole page pulled for another account than the one signed in', async () => {
    await db.meta.put({ key: SESSION_USER_META, value: 7 });
    await applyChanges(db, page, cursorOf(seller.id));
    expect(await db.users.count()).toBe(0);
    expect(await db.cities.count()).toBe(0);
  });

  it('applies the signed-in account its own page', async () => {
    await db.meta.put({ key: SESSION_USER_META, value: seller.id });
    await applyChanges(db, page, cursorOf(seller.id));
    expect((await db.users.get(seller.id))?.email).toBe('seller@example.ru');
    expect(await db.cities.count()).toBe(1);
  });
});
