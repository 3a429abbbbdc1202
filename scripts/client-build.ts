import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The client build is stale when it is missing or older than any of its sources: `npm start` and the
// browser benchmarks rebuild it then, and only then.

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

/** True when the build in `dist` is missing or older than a source of the client in `root`. */
export function isBuildStale(root: string, dist: string): boolean {
  const index = join(dist, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  return builtAt < Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
}

export async function buildClient(root: string, dist: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
}
