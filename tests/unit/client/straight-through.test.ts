import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { bulkPutInSlices, WRITE_BUDGET_MS } from '../../../src/client/db/sliced-put';
import { PARSE_BUDGET_MS, parseSyncPage } from '../../../src/client/sync/pull/parse';
import { runStraightThrough, sliceBudget, yieldToMain } from '../../../src/client/yield';
import type { Change } from '../../../src/protocol/sync';
import type { City } from '../../../src/domain/types';
import { city as cityRow } from '../protocol/fixtures';
import { newFactory, openReplica } from '../../support/client';

// In the pull worker (src/client/sync/pull/pull-worker.ts) the sync code runs straight through: no thread
// to give back, so no slices and no yields. This file's module state is its own (vitest isolates test
// files), so switching the mode here leaves the other files' main-thread behaviour alone.

type CityRow = City & { _v: number };
const city = (id: number): CityRow => ({ id, name: `Город ${id}`, image: '', description: '', _v: id });

describe('work run straight through, as in the pull worker', () => {
  beforeAll(() => {
    expect(sliceBudget(WRITE_BUDGET_MS)).toBe(WRITE_BUDGET_MS);
    runStraightThrough();
  });

  let db: ReplicaDb;
  beforeEach(async () => {
    db = openReplica(newFactory(), 'straight');
    await db.open();
  });
  afterEach(() => db.close());

  it('has no budget and yields without waiting for a timer', async () => {
    expect(sliceBudget(WRITE_BUDGET_MS)).toBe(Number.POSITIVE_INFINITY);
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await yieldToMain();
    order.push('yielded');
    expect(order).toEqual(['yielded']);
  });

  it('issues every put in the first turn, however long the clock says it took', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => city(i + 1));
    const calls: { rows: number[]; answeredBefore: number }[] = [];
    let answered = 0;
    const table = {
      bulkPut: (batch: CityRow[]) => {
        calls.push({ rows: batch.map((row) => row.id), answeredBefore: answered });
        return db.cities.bulkPut(batch).then(() => {
          answered += 1;
        });
      },
    };
    let time = 0;
    const clock = () => (time += WRITE_BUDGET_MS * 10);
    await db.transaction('rw', ['cities'], () => bulkPutInSlices(table, rows, { clock }));
    expect((await db.cities.toArray()).map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(calls.every((call) => call.answeredBefore === 0)).toBe(true);
  });

  it('checks a whole sync page without pausing between slices', async () => {
    const changes: Change[] = Array.from({ length: 450 }, (_, i) => ({
      collection: 'cities',
      op: 'put',
      version: i + 1,
      row: cityRow({ id: i + 1 }),
    }));
    let pauses = 0;
    let time = 0;
    const page = await parseSyncPage(
      { cursor: 'v1.450.0', changes, more: false },
      async () => {
        pauses += 1;
      },
      () => (time += PARSE_BUDGET_MS * 2),
    );
    expect(page?.changes).toHaveLength(450);
    // The two pauses before checking starts (the JSON's task, the envelope's); none between slices.
    expect(pauses).toBe(2);
  });
});
