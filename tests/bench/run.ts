import { cpus } from 'node:os';
import { homeFirstRenderBytes } from './home-bytes';
import { precacheBytes } from './precache';
import { benchReplicaApply } from './replica-apply';
import { benchRestart } from './restart';
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

const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}`;
console.log(`\nBenchmarks on ${machine}\n`);
console.log('| benchmark | result | budget | |');
console.log('|---|---|---|---|');
for (const row of rows)
  console.log(`| ${row.name} | ${row.value} | ${row.budget} | ${row.pass ? 'pass' : 'FAIL'} |`);
if (rows.some((row) => !row.pass)) process.exitCode = 1;
