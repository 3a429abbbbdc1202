import Dexie from 'dexie';
import { sliceBudget } from '../yield';

// IndexedDB copies every value it is given to put (a structured clone) on the main thread, inside the
// put call itself. A first sync writes the whole catalogue in one transaction: its ~50 records (an
// excursion each, and each excursion's tours in one record) would be one long task on a slow phone,
// as Lighthouse simulates one. Here the records of one
// bulkPut are handed over a few at a time; once the puts issued in a task have taken WRITE_BUDGET_MS,
// the next ones wait for IndexedDB to answer an earlier put, which it does in a task of its own. The
// transaction stays the same one (a Dexie promise is awaited, never a native one or a timer), so a
// page and its cursor still land together or not at all.

const { Promise: DexiePromise } = Dexie;

/** The longest a task issues puts before the rest wait for IndexedDB's next answer. */
export const WRITE_BUDGET_MS = 4;

/** Puts rows (one bulkPut call), as a Dexie table does; resolves when IndexedDB has stored them. */
type Put<T> = (rows: T[]) => PromiseLike<unknown>;

export interface SliceOptions {
  /**
   * When the current task's work began, by `clock`: the first slice's budget counts from it. Writes
   * started together in one task (apply's, one per table) pass the same reading, so together they
   * keep to one budget; each later slice runs in a task of its own and counts from its own start.
   */
  since?: number;
  clock?: () => number;
  budgetMs?: number;
}

/**
 * `table.bulkPut(rows)` in the caller's transaction (it must be in one: each slice outside one would
 * be a transaction of its own), in slices spread over tasks (see above). The order of the rows is
 * kept; it resolves when every row is stored and rejects if any put fails. Every turn issues at
 * least one put, so it always gets through.
 */
export function bulkPutInSlices<T>(
  table: { bulkPut: Put<T> },
  rows: readonly T[],
  {
    clock = () => performance.now(),
    since = clock(),
    budgetMs = sliceBudget(WRITE_BUDGET_MS),
  }: SliceOptions = {},
): Promise<void> {
  const issued: PromiseLike<unknown>[] = [];
  let next = 0;
  let firstTurn = true;
  const turn = (): PromiseLike<unknown> => {
    const start = firstTurn ? since : clock();
    firstTurn = false;
    let first: PromiseLike<unknown> | undefined;
    // One row first, then twice as many per call while the task has time left: a record's cost
    // varies a hundredfold (a city, an excursion's year of tours), so it is measured, not assumed.
    for (let size = 1; next < rows.length; size *= 2) {
      const put = table.bulkPut(rows.slice(next, next + size));
      next += size;
      issued.push(put);
      // A failed put fails the transaction and every put after it; the caller hears it once, below.
      put.then(undefined, () => undefined);
      first ??= put;
      if (clock() - start >= budgetMs) break;
    }
    // Waiting for this task's first put, not its last, keeps IndexedDB busy while the next slice is
    // issued.
    return next < rows.length && first ? first.then(turn) : DexiePromise.resolve();
  };
  return DexiePromise.resolve(turn())
    .then(() => DexiePromise.all(issued))
    .then(() => undefined);
}
