import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BuildToolMissing, buildClient, isBuildStale } from './client-build';
import type { runFromEnvironment as RunFromEnvironment } from '../src/server/cli';
import { buildServer, isServerBundleStale, serverBundlePath } from './server-build';

// `npm start`: build the client when the build is missing or older than its sources, and the server's
// bundle likewise, then serve the client, the API and the socket from one process.
//
// `npm start` comes here through launch.mjs, which registers tsx itself and hands its unregister to
// `start`. Run as a script under `node --import tsx` (docs/DEPLOY.md), the loader simply stays.

const root = resolve(import.meta.dirname, '..');

export async function start(leaveTypeScript?: () => Promise<void>): Promise<void> {
  const force = process.env.FORCE_BUILD === '1';
  // DIST_DIR lets several builds live side by side (parallel e2e runs); the default is ./dist.
  const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
  if (force || isBuildStale(root, dist)) {
    process.stdout.write('building the app…\n');
    await buildClient(root, dist).catch((error: unknown) => {
      if (!(error instanceof BuildToolMissing)) throw error;
      // Said plainly: the stack of a missing package tells an operator nothing more.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    });
  }
  const bundle = serverBundlePath(root);
  if (force || isServerBundleStale(root, bundle)) await buildServer(root, bundle);

  await leaveTypeScript?.();
  const server = (await import(pathToFileURL(bundle).href)) as {
    runFromEnvironment: typeof RunFromEnvironment;
  };
  await server.runFromEnvironment(dist);
}

const script = process.argv[1];
if (script && import.meta.url === pathToFileURL(resolve(script)).href) await start();
