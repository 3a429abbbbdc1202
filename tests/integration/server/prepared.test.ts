import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../../src/server/storage/db';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from '../../support/postgres';
import { ENGINES } from '../../support/server';

// Named statements (storage/db.ts, QueryOptions.name): on PostgreSQL prepared once per connection
// and reused; on PGlite the name changes nothing. Either way a named query answers as the same
// query unnamed, with new parameters each time.

describe.each(ENGINES)('named statements on %s', (engine) => {
  let db: Db;
  let temp: TempDatabase | undefined;

  beforeAll(async () => {
    if (engine === 'postgres') {
      temp = await createTempDatabase(TEST_DATABASE_URL as string);
      // One connection, so every query below meets the statement prepared by the first.
      db = await openPostgres(temp.url, 1);
    } else {
      db = await openPglite(undefined);
    }
  });
  afterAll(async () => {
    await db?.close();
    await temp?.drop();
  });

  const sql = 'SELECT $1::int * 2 AS twice, $2::text AS label';

  it('answers with each call’s own parameters, inside and outside a transaction', async () => {
    const named = { name: 'prepared_test_twice' };
    expect(await db.query(sql, [2, 'a'], named)).toEqual([{ twice: 4, label: 'a' }]);
    expect(await db.query(sql, [21, 'b'], named)).toEqual([{ twice: 42, label: 'b' }]);
    const inside = await db.transaction((tx) => tx.query(sql, [5, 'c'], named));
    expect(inside).toEqual([{ twice: 10, label: 'c' }]);
    expect(await db.query(sql, [1, 'd'])).toEqual([{ twice: 2, label: 'd' }]);
    if (engine === 'postgres') {
      const prepared = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
      expect(prepared.map((row) => row.name)).toEqual(['prepared_test_twice']);
    }
  });
});
