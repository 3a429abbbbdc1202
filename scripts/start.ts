import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// `npm start`: build the client when the build is missing or older than its sources, then serve it,
// the API and the socket from one process.

const root = resolve(import.meta.dirname, '..');
// DIST_DIR lets several builds live side by side (parallel e2e runs); the default is ./dist.
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const SOURCES = [
  'src/client',
  'src/domain',
  'src/protocol',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
if (builtAt < sourcesAt || process.env.FORCE_BUILD === '1') {
  process.stdout.write('building the app…\n');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
}

const { runFromEnvironment } = await import('../src/server/cli');
await runFromEnvironment(dist);
