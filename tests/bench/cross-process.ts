import { addDays, crimeaToday } from '../../src/domain/dates';
import type { Excursion, Tour } from '../../src/domain/types';
import { DEMO } from '../support/api';
import { startCluster, type ClusterNode } from '../support/cluster';
import { openSocket } from '../support/socket';
import { median } from './stats';

// Two server processes on one PostgreSQL: a tour created through process 1, timed from its 200 to
// the moment a socket on process 2 has it (LISTEN/NOTIFY between them).

export interface CrossProcessResult {
  tours: number;
  medianMs: number;
  maxMs: number;
}

export async function benchCrossProcess(count = 10): Promise<CrossProcessResult> {
  const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const cluster = await startCluster(base, 2, { HOLD_SWEEP_SECONDS: '3600' });
  try {
    const [p1, p2] = cluster.nodes as [ClusterNode, ClusterNode];
    const { excursions } = (await (await fetch(`${p1.url}/api/excursions`)).json()) as {
      excursions: Excursion[];
    };
    const excursion = excursions.find((e) => e.ownerID === DEMO.seller && e.busType === 'coach');
    if (!excursion) throw new Error('the demo seller has no coach excursion');
    const token = await cluster.token(DEMO.seller);
    const onP2 = await openSocket(p2.url);
    onP2.send({ type: 'subscribe', channels: ['TOUR_UPDATE'] });
    await onP2.next((m) => m.type === 'subscribed');
    const runs: number[] = [];
    for (let i = 0; i < count; i++) {
      const slot = {
        excursionID: excursion._id,
        date: addDays(crimeaToday(new Date()), 95 + i),
        time: '08:30',
      };
      const response = await fetch(`${p1.url}/api/tours`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ tours: [slot] }),
      });
      if (response.status !== 200) throw new Error(`POST /api/tours answered ${response.status}`);
      const created = ((await response.json()) as { tours: Tour[] }).tours[0] as Tour;
      const committed = performance.now();
      await onP2.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === created._id, 30_000);
      runs.push(performance.now() - committed);
    }
    onP2.close();
    return { tours: count, medianMs: median(runs), maxMs: Math.max(...runs) };
  } finally {
    await cluster.destroy();
  }
}
