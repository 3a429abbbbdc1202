import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ReplicaDb } from '../../src/client/db/schema';
import { applyChanges } from '../../src/client/sync/pull/apply';
import { PAGE_SIZE } from '../../src/client/boot/first-page';
import { replicaTour, type Change } from '../../src/protocol/sync';
import { buildDemoCatalogue } from '../../src/server/demo/catalogue';
import { addDays } from '../../src/domain/dates';

// Applies a large catalogue (5,000 excursions, 100,000 tours) into the replica the way a first sync
// does: pages of PAGE_SIZE changes, each page one transaction with its cursor. Node with
// fake-indexeddb measures our apply code; browser-replica.ts measures it on real IndexedDB.

export interface ApplyBenchResult {
  excursions: number;
  tours: number;
  pages: number;
  ms: number;
}

export function bigCatalogue(excursionCount: number, tourCount: number): Change[] {
  const demo = buildDemoCatalogue('2026-06-01');
  const changes: Change[] = [];
  let version = 0;
  const hex = (n: number, prefix: string) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
  for (let i = 0; i < excursionCount; i++) {
    const base = demo.excursions[i % demo.excursions.length];
    if (!base) throw new Error('demo catalogue is empty');
    changes.push({
      collection: 'excursions',
      op: 'put',
      version: ++version,
      row: { ...base, _id: hex(i, 'e'), title: `${base.title} №${i}`, popularity: i % 1000 },
    });
  }
  for (let i = 0; i < tourCount; i++) {
    const excursion = i % excursionCount;
    const base = demo.tours[i % demo.tours.length];
    if (!base) throw new Error('demo catalogue has no tours');
    changes.push({
      collection: 'tours',
      op: 'put',
      version: ++version,
      // A tour as the server sends it to a phone: without the ids of its tickets (replicaTour).
      row: {
        ...replicaTour(base),
        _id: hex(i, 'a'),
        excursionID: hex(excursion, 'e'),
        date: addDays('2026-06-01', i % 60),
      },
    });
  }
  return changes;
}

/**
 * The order a first sync brings these changes in (the server's pullChanges): every collection but
 * tours by version, then the tour snapshot by excursion, date and time.
 */
export function firstSyncOrder(changes: readonly Change[]): Change[] {
  const slot = (change: Change) =>
    change.collection === 'tours' && change.op === 'put'
      ? `${change.row.excursionID} ${change.row.date} ${change.row.time}`
      : '';
  const tours = changes.filter((change) => change.collection === 'tours');
  tours.sort((a, b) => (slot(a) < slot(b) ? -1 : slot(a) > slot(b) ? 1 : 0));
  return [...changes.filter((change) => change.collection !== 'tours'), ...tours];
}

/** A first sync's cursor after a page: inside the snapshot until the last page (see pullChanges). */
export function firstSyncCursor(pageEnd: number, total: number, version: number): string {
  return pageEnd < total ? `t1.${version}.0` : `v1.${version}.0`;
}

export async function benchReplicaApply(
  excursionCount = 5000,
  tourCount = 100_000,
): Promise<ApplyBenchResult> {
  const changes = firstSyncOrder(bigCatalogue(excursionCount, tourCount));
  const db = new ReplicaDb('bench', { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  const started = performance.now();
  let pages = 0;
  for (let i = 0; i < changes.length; i += PAGE_SIZE) {
    const page = changes.slice(i, i + PAGE_SIZE);
    await applyChanges(db, page, firstSyncCursor(i + PAGE_SIZE, changes.length, changes.length));
    pages += 1;
  }
  const ms = performance.now() - started;
  const stored = { excursions: await db.excursions.count(), tours: await db.tours.count() };
  db.close();
  if (stored.excursions !== excursionCount || stored.tours !== tourCount) {
    throw new Error(`replica holds ${stored.excursions} excursions and ${stored.tours} tours`);
  }
  return { ...stored, pages, ms };
}
