import { homeFirstRenderBytes } from './home-bytes';
import { benchBrowserReplica } from './browser-replica';
import { benchColdStart } from './cold-start';
import { benchCrossProcess } from './cross-process';
import { benchLighthouse } from './lighthouse';
import { benchLivePath } from './live-path';
import { median } from './stats';
import { describeMachine } from './machine';
import { benchOfflinePictures } from './offline-pictures';
import { precacheBytes } from './precache';
import { benchReplicaApply } from './replica-apply';
import { benchRestart } from './restart';
import { benchServer } from './server';
import { benchSocketFlood } from './socket-flood';
import { benchNearestSort } from './sort';
import { benchSyncBytes } from './sync-bytes';

// `npm run bench`: every benchmark with its budget and a pass/fail mark. Budgets are never moved to
// make a run pass; a miss is a cause to find.

interface Row {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

const rows: Row[] = [];

const home = await homeFirstRenderBytes();
rows.push({
  name: `home route first render: JS + CSS (${home.files} files), gzip`,
  value: `${(home.gzipBytes / 1024).toFixed(1)} KB`,
  budget: '≤ 120 KB',
  pass: home.gzipBytes <= 120 * 1024,
});

const precache = await precacheBytes();
rows.push({
  name: `service-worker precache without images (${precache.entries} files)`,
  value: `${(precache.bytes / 1024).toFixed(0)} KB`,
  budget: '≤ 1 MB',
  pass: precache.bytes <= 1024 * 1024,
});

const kept = await benchOfflinePictures();
rows.push({
  name: `offline card pictures of the demo catalogue, fetched in the background (${kept.cards.pictures})`,
  value: `${(kept.cards.bytes / 1024).toFixed(0)} KB in ${(kept.cards.ms / 1000).toFixed(1)} s`,
  budget: '≤ 1 MB, ≤ 15 s',
  pass: kept.cards.bytes <= 1024 * 1024 && kept.cards.ms <= 15_000,
});
rows.push({
  name: `trip download: every other cover and gallery thumbnail (${kept.trip.pictures})`,
  value: `${(kept.trip.bytes / 1024).toFixed(0)} KB in ${(kept.trip.ms / 1000).toFixed(1)} s`,
  budget: '≤ 2 MB, ≤ 30 s',
  pass: kept.trip.bytes <= 2 * 1024 * 1024 && kept.trip.ms <= 30_000,
});

const pulls = await benchSyncBytes();
rows.push({
  name: 'catalogue pull of the demo data on the wire (all pages, gzip)',
  value: `${(pulls.full / 1024).toFixed(1)} KB`,
  budget: '≤ 60 KB',
  pass: pulls.full <= 60 * 1024,
});
rows.push({
  name: 'pull after one changed excursion, on the wire',
  value: `${(pulls.afterOneChange / 1024).toFixed(2)} KB`,
  budget: '≤ 2 KB',
  pass: pulls.afterOneChange <= 2 * 1024,
});

const restart = await benchRestart();
rows.push({
  name: '`npm start` on existing PGlite data: command to healthy',
  value: `${(restart.ms / 1000).toFixed(2)} s`,
  budget: '≤ 3 s',
  pass: restart.ms <= 3000,
});

const apply = await benchReplicaApply();
rows.push({
  name: `replica apply (Node, fake-indexeddb): ${apply.excursions} excursions + ${apply.tours} tours, ${apply.pages} pages`,
  value: `${(apply.ms / 1000).toFixed(2)} s`,
  budget: '≤ 10 s',
  pass: apply.ms <= 10_000,
});

const nearest = await benchNearestSort();
rows.push({
  name: `"Ближайшие" sort in Node: ${nearest.excursions} excursions against ${nearest.tours} tours, median of 5`,
  value: `${nearest.medianMs.toFixed(0)} ms`,
  budget: '≤ 200 ms',
  pass: nearest.medianMs <= 200,
});

const cold = await benchColdStart();
rows.push({
  name: 'offline cold start: navigation to the first card of /excursions, Chromium, median of 5',
  value: `${cold.offlineMedianMs.toFixed(0)} ms`,
  budget: '≤ 400 ms',
  pass: cold.offlineMedianMs <= 400,
});
rows.push({
  name: 'offline cold start against the same online (median of 5)',
  value: `${cold.offlineMedianMs.toFixed(0)} vs ${cold.onlineMedianMs.toFixed(0)} ms`,
  budget: 'offline ≤ online',
  pass: cold.offlineMedianMs <= cold.onlineMedianMs,
});

const replica = await benchBrowserReplica();
rows.push({
  name: `replica apply in Chromium IndexedDB, in a worker: ${replica.excursions} excursions + ${replica.tours} tours, ${replica.pages} pages`,
  value: `${(replica.bulkMs / 1000).toFixed(2)} s`,
  budget: '≤ 4 s',
  pass: replica.bulkMs <= 4000,
});
rows.push({
  name: `paged apply against one transaction per row (${replica.sampleRows}-row sample, extrapolated)`,
  value: `${replica.ratio.toFixed(1)}×`,
  budget: '≥ 20×',
  pass: replica.ratio >= 20,
});
rows.push({
  name: 'sort-tab change on a live list of 5,000 excursions (median of 8)',
  value: `${replica.resortMs.toFixed(0)} ms`,
  budget: '≤ 50 ms',
  pass: replica.resortMs <= 50,
});

const live = await benchLivePath();
rows.push({
  name: `live path: tour created through the API to another page's schedule, median of ${live.tours}`,
  value: `${live.medianMs.toFixed(0)} ms`,
  budget: '≤ 100 ms',
  pass: live.medianMs <= 100,
});
rows.push({
  name: 'live path, p95',
  value: `${live.p95Ms.toFixed(0)} ms`,
  budget: '≤ 250 ms',
  pass: live.p95Ms <= 250,
});

const crossing = await benchCrossProcess();
rows.push({
  name: `tour created through one server process to a socket on another (PostgreSQL), slowest of ${crossing.tours} (median ${crossing.medianMs.toFixed(0)} ms)`,
  value: `${crossing.maxMs.toFixed(0)} ms`,
  budget: '≤ 1 s',
  pass: crossing.maxMs <= 1000,
});

const flood = await benchSocketFlood();
rows.push({
  name: `socket ping→pong while 4 other sockets flood the server, slowest of ${flood.roundTrips} (median ${flood.medianMs.toFixed(1)} ms)`,
  value: `${flood.maxMs.toFixed(1)} ms`,
  budget: '≤ 50 ms',
  pass: flood.maxMs <= 50,
});

const server = await benchServer();
rows.push({
  name: `PostgreSQL yardstick: pgbench TPC-B-like, 50 clients`,
  value: `${server.pgbenchTps.toFixed(0)} tps`,
  budget: '—',
  pass: true,
});
rows.push({
  name: `bookings over HTTP, 50 clients, ${server.tours} tours, after a ${server.warmupSeconds} s warm-up at ${server.warmupTps.toFixed(0)}/s (share of pgbench)`,
  value: `${server.bookingTps.toFixed(0)}/s (${((100 * server.bookingTps) / server.pgbenchTps).toFixed(0)} %)`,
  budget: '≥ 40 %',
  pass: server.bookingTps >= 0.4 * server.pgbenchTps,
});
rows.push({
  name: `booking p99 latency, 50 clients back to back (${server.bookingRefusals} answered 409)`,
  value: `${server.bookingP99Ms.toFixed(0)} ms`,
  budget: '≤ 50 ms',
  pass: server.bookingP99Ms <= 50,
});
rows.push({
  name: `booking p99 latency at the budget rate, paced evenly (${server.budgetRate.toFixed(0)}/s offered, ${server.budgetRateTps.toFixed(0)}/s booked, ${server.budgetRateRefusals} answered 409, median ${server.budgetRateP50Ms.toFixed(1)} ms)`,
  value: `${server.budgetRateP99Ms.toFixed(0)} ms`,
  budget: '≤ 50 ms',
  pass: server.budgetRateP99Ms <= 50,
});
rows.push({
  name: `seats oversold or sold twice after ${server.bookings} bookings`,
  value: String(server.oversold),
  budget: '0',
  pass: server.oversold === 0,
});
rows.push({
  name: 'bookings with two server processes / one (same database)',
  value: `${server.twoProcessTps.toFixed(0)}/s / ${server.oneProcessTps.toFixed(0)}/s`,
  budget: '—',
  pass: true,
});
rows.push({
  name: 'catalogue list answered 304 from its ETag (autocannon)',
  value: `${server.etag304Rps.toFixed(0)} rps`,
  budget: '≥ 5,000 rps',
  pass: server.etag304Rps >= 5000,
});

const lighthouse = await benchLighthouse();
for (const page of lighthouse) {
  const at = `Lighthouse mobile ${page.path.startsWith('/excursion/') ? '/excursion/{id}' : page.path}`;
  const scores = [
    ['Performance', page.performance],
    ['Accessibility', page.accessibility],
    ['Best Practices', page.bestPractices],
  ] as const;
  for (const [name, score] of scores)
    rows.push({
      name: `${at}: ${name}${name === 'Performance' ? ` (median of ${page.runs ?? 1} runs)` : ''}`,
      value: String(score),
      budget: '≥ 95',
      pass: score >= 95,
    });
  rows.push({
    name: `${at}: LCP`,
    value: `${(page.lcpMs / 1000).toFixed(2)} s`,
    budget: '≤ 1.8 s',
    pass: page.lcpMs <= 1800,
  });
  rows.push({
    name: `${at}: TBT`,
    value: `${page.tbtMs.toFixed(0)} ms`,
    budget: '≤ 100 ms',
    pass: page.tbtMs <= 100,
  });
  rows.push({ name: `${at}: CLS`, value: page.cls.toFixed(3), budget: '≤ 0.05', pass: page.cls <= 0.05 });
  if (page.failing.length > 0) console.log(`${at} misses: ${page.failing.join('; ')}`);
}

const benchmarkIndex = median(lighthouse.map((page) => page.benchmarkIndex));
const indexRanges = lighthouse.flatMap((page) => page.benchmarkIndexRange ?? []);
const machine =
  `${describeMachine()}, Lighthouse benchmarkIndex ${benchmarkIndex.toFixed(0)}` +
  ` (${Math.min(...indexRanges).toFixed(0)}-${Math.max(...indexRanges).toFixed(0)} over all audits)`;
console.log(`\nBenchmarks on ${machine}\n`);
console.log('| benchmark | result | budget | |');
console.log('|---|---|---|---|');
for (const row of rows)
  console.log(`| ${row.name} | ${row.value} | ${row.budget} | ${row.pass ? 'pass' : 'FAIL'} |`);
if (rows.some((row) => !row.pass)) process.exitCode = 1;
