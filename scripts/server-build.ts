import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { readMigrationFiles } from '../src/server/storage/migration-files';

// `npm start` runs the server from one bundled file, built when it is missing or older than a file it
// was built from. Loaded as some 150 TypeScript modules, each passed through tsx's loader, the server
// would take most of a second longer to start (the bench's restart figure: docs/benchmarks.md).
// Packages stay outside the bundle and load from node_modules; the migrations' .sql files go inside it.

/** Where the bundle lives: inside the checkout, so its imports of packages resolve to node_modules. */
export function serverBundlePath(root: string): string {
  return join(root, 'node_modules', '.cache', 'krym-server', 'server.mjs');
}

const inputsOf = (bundle: string) => `${bundle}.inputs.json`;

/** True when the bundle is missing or one of the files it was built from changed since. */
export function isServerBundleStale(root: string, bundle: string): boolean {
  if (!existsSync(bundle) || !existsSync(inputsOf(bundle))) return true;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsOf(bundle), 'utf8')) as string[];
  const changed = (path: string) => statSync(path).mtimeMs > builtAt;
  // A file it was built from that is gone means a changed import; the package and compiler settings
  // are compared when present.
  return (
    inputs.some((input) => !existsSync(resolve(root, input)) || changed(resolve(root, input))) ||
    ['package.json', 'tsconfig.json'].some(
      (file) => existsSync(join(root, file)) && changed(join(root, file)),
    )
  );
}

/**
 * Puts the migrations folder's files in place of the module that reads them at run time, so the
 * bundle needs no folder beside it. The folder and its files join the bundle's inputs: a new, changed
 * or removed migration makes the bundle stale.
 */
function embedMigrations(inputs: string[]): Plugin {
  return {
    name: 'embed-migrations',
    setup(build) {
      build.onLoad({ filter: /[\\/]storage[\\/]migration-files\.ts$/ }, (args) => {
        const dir = join(dirname(args.path), 'migrations');
        const files = readMigrationFiles(dir);
        inputs.push(dir, ...files.map(({ file }) => join(dir, file)));
        return {
          contents: `export function readMigrationFiles() { return ${JSON.stringify(files)}; }`,
          loader: 'js',
        };
      });
    },
  };
}

/** Bundles src/server/cli.ts into `bundle`. Written aside and renamed, so a start never reads half of it. */
export async function buildServer(root: string, bundle: string): Promise<void> {
  const { build } = await import('esbuild');
  mkdirSync(dirname(bundle), { recursive: true });
  const aside = `${bundle}.${process.pid}.tmp`;
  const migrations: string[] = [];
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'src/server/cli.ts')],
    outfile: aside,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    plugins: [embedMigrations(migrations)],
  });
  const inputs = [...Object.keys(result.metafile.inputs), ...migrations].map((input) =>
    relative(root, resolve(root, input)),
  );
  writeFileSync(`${inputsOf(bundle)}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${inputsOf(bundle)}.${process.pid}.tmp`, inputsOf(bundle));
  renameSync(aside, bundle);
}
