import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { WRITE_BUDGET_MS } from '../../../src/client/db/sliced-put';
import { PARSE_BUDGET_MS } from '../../../src/client/sync/pull/parse';
import type { Change } from '../../../src/protocol/sync';
import type { City } from '../../../src/domain/types';
import { city as cityRow } from '../protocol/fixtures';
import { newFactory, openReplica } from '../../support/client';

// In the pull worker (src/client/sync/pull/pull-worker.ts) the sync code runs straight through: no thread
// to give back, so no slices and no yields. The switch is for good in a context, and the unit files
// share their worker's modules (vitest.config.ts), so this file switches copies of its own: loaded
// afresh after the module registry is reset, and forgotten by a reset when it ends.

type CityRow = City & { _v: number };
const city = (id: number): CityRow => ({ id, name: `Город ${id}`, image: '', description: '', _v: id });

/** Fresh copies of the modules whose behaviour the switch changes. */
async function freshModules() {
  vi.resetModules();
  const [yieldModule, slicedPut, parse] = await Promise.all([
    import('../../../src/client/yield'),
    import('../../../src/client/db/sliced-put'),
    import('../../../src/client/sync/pull/parse'),
  ]);
  return { ...yieldModule, ...slicedPut, ...parse };
}

describe('work run straight through, as in the pull worker', () => {
  let modules: Awaited<ReturnType<typeof freshModules>>;
  beforeAll(async () => {
    modules = await freshModules();
    expect(modules.sliceBudget(WRITE_BUDGET_MS)).toBe(WRITE_BUDGET_MS);
    modules.runStraightThrough();
  });
  afterAll(() => vi.resetModules());

  let db: ReplicaDb;
  beforeEach(async () => {
    db = openReplica(newFactory(), 'straight');
    await db.open();
  });
  afterEach(() => db.close());

  it('has no budget and yields without waiting for a timer', async () => {
    const { sliceBudget, yieldToMain } = modules;
    expect(sliceBudget(WRITE_BUDGET_MS)).toBe(Number.POSITIVE_INFINITY);
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await yieldToMain();
    order.push('yielded');
    expect(order).toEqual(['yielded']);
  });

  it('issues every put in the first turn, however long the clock says it took', async () => {
    const { bulkPutInSlices } = modules;
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
    const { parseSyncPage } = modules;
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
