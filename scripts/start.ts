import { join, resolve } from 'node:path';
import { buildClient, isBuildStale } from './client-build';

// `npm start`: build the client when the build is missing or older than its sources, then serve it,
// the API and the socket from one process.

const root = resolve(import.meta.dirname, '..');
// DIST_DIR lets several builds live side by side (parallel e2e runs); the default is ./dist.
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
if (process.env.FORCE_BUILD === '1' || isBuildStale(root, dist)) {
  process.stdout.write('building the app…\n');
  await buildClient(root, dist);
}

const { runFromEnvironment } = await import('../src/server/cli');
await runFromEnvironment(dist);
