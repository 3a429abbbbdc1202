import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runLighthouse, type LighthouseReport } from './lighthouse';
import { median } from './stats';

// `npm run bench:compare -- <commit> [page] [rounds]`: Lighthouse on one page of this tree and of
// another commit, audited in turns (A B, B A, …) against both servers running side by side. A shared
// host's speed moves by a factor of two within the hour, so two benches run one after the other can
// differ by more than the change between them; audits taken in turns see the same moments. Besides the
// median figures it prints each script's main-thread time (Lighthouse's bootup-time, scaled to its
// four-times-slower phone), so a change in TBT can be traced to the code that costs it.

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Run in a tree's own folder, so its imports resolve to its own packages: builds the client, starts
 * the server on demo data, asks once for every demo picture and a first sync page (as visitors of a
 * server in service have), then prints the address.
 */
const SERVE = `
  import { mkdtemp } from 'node:fs/promises';
  import { tmpdir } from 'node:os';
  import { join } from 'node:path';
  import { build } from 'vite';
  const root = process.cwd();
  const { loadConfig } = await import(join(root, 'src/server/config.ts'));
  const { startServer } = await import(join(root, 'src/server/main.ts'));
  const work = await mkdtemp(join(tmpdir(), 'krym-compare-'));
  const distDir = join(work, 'dist');
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), LOG_LEVEL: 'error' });
  const server = await startServer(config, { distDir });
  const art = await server.db.query("SELECT id, kind FROM media WHERE content_type = 'image/svg+xml'");
  for (const { id, kind } of art.rows ?? art)
    for (const w of [480, 1280])
      await (await fetch(server.url + '/api/' + (kind === 'app_media' ? 'app_media' : 'images') + '/' + id + '?w=' + w)).arrayBuffer();
  for (const path of ['/', '/excursions', '/api/sync?limit=2000']) await (await fetch(server.url + path)).arrayBuffer();
  console.log('URL ' + server.url);
`;

interface Served {
  url: string;
  child: ChildProcess;
}

function serve(tree: string): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SERVE], {
    cwd: tree,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^URL (\S+)$/m.exec(out)?.[1];
      if (url) done({ url, child });
    });
    child.once('exit', (code) =>
      fail(new Error(`the server of ${tree} exited (${code}) before it was ready`)),
    );
  });
}

interface Run {
  tbtMs: number;
  lcpMs: number;
  performance: number;
  benchmarkIndex: number;
  /** Main-thread milliseconds per script, hash stripped from its file name. */
  scripts: Map<string, number>;
}

function summarize(lhr: LighthouseReport): Run {
  const scripts = new Map<string, number>();
  const items = (
    lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] } | undefined
  )?.items;
  for (const item of items ?? []) {
    const name = item.url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js');
    scripts.set(name, (scripts.get(name) ?? 0) + item.total);
  }
  return {
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scripts,
  };
}

const [commit, page = '/', roundsArg = '7'] = process.argv.slice(2);
if (!commit) {
  console.error('usage: npm run bench:compare -- <commit> [page] [rounds]');
  process.exit(1);
}
const rounds = Number(roundsArg);
const work = await mkdtemp(join(tmpdir(), 'krym-compare-'));
const baseTree = join(work, 'base');
execFileSync('git', ['worktree', 'add', '--detach', baseTree, commit], { cwd: ROOT, stdio: 'ignore' });
const servers: Served[] = [];
try {
  console.log(`installing ${commit}'s packages…`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: baseTree, stdio: 'ignore' });
  // The checkout is 'this tree' (its uncommitted changes included), so a commit named HEAD is its own.
  const trees = { [commit]: baseTree, 'this tree': ROOT };
  const labels = Object.keys(trees);
  for (const tree of Object.values(trees)) servers.push(await serve(tree));
  const runs = new Map<string, Run[]>(labels.map((label) => [label, []]));
  for (let round = 0; round < rounds; round++) {
    // Each round swaps who goes first, so neither tree always audits on the later, warmer moment.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const label = labels[index] as string;
      const run = summarize(await runLighthouse(`${servers[index]?.url}${page}`, work));
      runs.get(label)?.push(run);
      console.log(
        `${label} round ${round + 1}: TBT ${Math.round(run.tbtMs)} ms, index ${run.benchmarkIndex}`,
      );
    }
  }
  console.log(`\n${page}, median of ${rounds} runs each, audited in turns`);
  for (const label of labels) {
    const all = runs.get(label) ?? [];
    const mid = (pick: (run: Run) => number) => Math.round(median(all.map(pick)));
    console.log(
      `${label.padEnd(12)} performance ${mid((r) => r.performance)}, TBT ${mid((r) => r.tbtMs)} ms, ` +
        `LCP ${mid((r) => r.lcpMs)} ms; TBT of each run: ${all.map((r) => Math.round(r.tbtMs)).join(' ')}`,
    );
  }
  console.log('\nmain-thread ms per script (mean, 4× slower phone), largest change first');
  const mean = (label: string, script: string) => {
    const all = runs.get(label) ?? [];
    return all.reduce((sum, run) => sum + (run.scripts.get(script) ?? 0), 0) / Math.max(1, all.length);
  };
  const names = [...new Set([...runs.values()].flat().flatMap((run) => [...run.scripts.keys()]))];
  const change = (script: string) => mean('this tree', script) - mean(commit, script);
  for (const script of names.sort((a, b) => Math.abs(change(b)) - Math.abs(change(a))).slice(0, 20)) {
    const [before, after] = [mean(commit, script), mean('this tree', script)].map(Math.round);
    console.log(`  ${String(before).padStart(6)} → ${String(after).padEnd(6)} ${script}`);
  }
} finally {
  for (const server of servers) server.child.kill();
  execFileSync('git', ['worktree', 'remove', '--force', baseTree], { cwd: ROOT, stdio: 'ignore' });
  await rm(work, { recursive: true, force: true });
}
