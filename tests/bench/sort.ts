import { addDays } from '../../src/domain/dates';
import type { ReplicaExcursion, ReplicaTour } from '../../src/domain/types';
import { sortExcursions } from '../../src/domain/sorting';
import { bigCatalogue } from './replica-apply';
import { median } from './stats';

// The "Ближайшие" sort in Node, on the largest catalogue a phone holds: every excursion's nearest
// tour is found in one pass over the tours, so the sort stays fast however many tours there are.

const EXCURSIONS = 5000;
const TOURS = 100_000;
const RUNS = 5;

export async function benchNearestSort(): Promise<{ excursions: number; tours: number; medianMs: number }> {
  const excursions: ReplicaExcursion[] = [];
  const tours: ReplicaTour[] = [];
  for (const change of bigCatalogue(EXCURSIONS, TOURS)) {
    if (change.op !== 'put') continue;
    if (change.collection === 'excursions') excursions.push(change.row as ReplicaExcursion);
    if (change.collection === 'tours') tours.push(change.row as ReplicaTour);
  }
  // A day within the catalogue's sixty days of tours, so most excursions have a tour still ahead.
  const now = new Date(`${addDays('2026-06-01', 30)}T09:00:00Z`);
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const sorted = sortExcursions(excursions, 'nearest', tours, now);
    runs.push(performance.now() - started);
    if (sorted.length !== excursions.length) throw new Error('the sort lost excursions');
  }
  return { excursions: excursions.length, tours: tours.length, medianMs: median(runs) };
}
