import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type LogLevel, type Plugin } from 'vite';
import { BUILD_DEFINE } from './build-label.js';
import { chunkUrl } from './chunk-url.js';

/** The server's renderer of first screens (src/client/app/ssr/render.tsx), built for Node. */
const FIRST_SCREEN_ENTRY = 'src/client/app/ssr/render.tsx';

/**
 * Builds the first-screen renderer into `<outDir>/.ssr` after every client build, so whatever builds
 * the app (`npm start`, the tests, the benchmarks) gets both. A dot-directory: the precache's glob
 * skips it and the server never serves it.
 */
export function firstScreenRenderer(): Plugin {
  let root = '';
  let outDir = '';
  let logLevel: LogLevel = 'warn';
  return {
    name: 'krym-first-screen-renderer',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      root = resolved.root;
      outDir = resolve(resolved.root, resolved.build.outDir);
      // Never louder than warnings (its progress would repeat the app's), and as quiet as a quieter
      // app build: `npm start` builds with errors only.
      const level = resolved.logLevel ?? 'info';
      logLevel = level === 'info' ? 'warn' : level;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        publicDir: false,
        logLevel,
        define: BUILD_DEFINE,
        // chunkUrl: the app's lazy screens are part of its graph, and one of them names a chunk's URL.
        plugins: [react(), chunkUrl()],
        // Self-contained: a build in another folder (the benchmarks' temporary ones) runs without
        // this checkout's node_modules beside it.
        ssr: { noExternal: true },
        build: {
          ssr: FIRST_SCREEN_ENTRY,
          outDir: join(outDir, '.ssr'),
          emptyOutDir: true,
          target: 'node20',
          sourcemap: false,
          rollupOptions: { output: { entryFileNames: 'render.js' } },
        },
      });
    },
  };
}
