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
  'scripts/vite',
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

/** The client needs building and the tools for it are not installed: a production install. */
export class BuildToolMissing extends Error {}

/**
 * Builds the client into `dist`. Vite is a devDependency: a production install (`npm ci --omit=dev`)
 * serves a build made beforehand and lands here only when that build is missing or stale.
 */
export async function buildClient(root: string, dist: string): Promise<void> {
  const { build } = await import('vite').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new BuildToolMissing(
      `The client in ${dist} needs building (missing, older than its sources, or FORCE_BUILD=1), and ` +
        'that needs the devDependencies (vite): run `npm ci && npm run build` before `npm ci --omit=dev` ' +
        '(docs/DEPLOY.md).',
      { cause: error },
    );
  });
  // An operator starting the app needs to hear of a failure, not the bundler's progress, chunk sizes or
  // timing advice: this build reports errors only, and the builds its plugins run inside it (the service
  // worker, the first-screen renderer) follow its level. `npm run build` keeps Vite's full report.
  await build({ root, logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
}
