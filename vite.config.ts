import { readFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import sharp from 'sharp';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#0b6e8f';
// Shown as <html data-build>: lets an update be seen (and tested) without touching any screen.
const BUILD_LABEL = process.env.APP_BUILD_LABEL ?? process.env.npm_package_version ?? 'dev';

/**
 * The home-screen icons, drawn from public/favicon.svg at build time so no generated PNG is committed.
 * The maskable one fills the square and keeps the art inside the central 80 % safe zone, because
 * launchers crop it to a circle or a squircle.
 */
function appIcons(): Plugin {
  const art = () => readFile(resolve(import.meta.dirname, 'public/favicon.svg'), 'utf8');
  const png = (svg: string, size: number) =>
    sharp(Buffer.from(svg), { density: (72 * size) / 64 })
      .resize(size, size)
      .png()
      .toBuffer();
  const maskable = (svg: string) => {
    const inner = svg.replace('<svg ', '<svg x="10" y="10" width="44" height="44" ');
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME}"/>${inner}</svg>`;
  };
  return {
    name: 'krym-app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await art();
      const icons: [string, Promise<Buffer>][] = [
        ['icons/icon-192.png', png(svg, 192)],
        ['icons/icon-512.png', png(svg, 512)],
        ['icons/maskable-512.png', png(maskable(svg), 512)],
        ['icons/apple-touch-icon.png', png(maskable(svg), 180)],
      ];
      for (const [fileName, source] of icons)
        this.emitFile({ type: 'asset', fileName, source: await source });
    },
    // iOS ignores the manifest's icons and reads this link instead.
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
  };
}

const CHUNK_URL = '?chunk-url';
const CHUNK_URL_PREFIX = '\0chunk-url:';

/**
 * `import url from './x?chunk-url'` gives the URL of module x built as a chunk of this same build: a
 * module worker's script (src/client/sync/pull-worker.ts) that imports the chunks the app already has
 * (Dexie, Zod, the sync code) instead of a second copy of them, as Vite's own worker build would make.
 * The dev server serves the module's source.
 */
function chunkUrl(): Plugin {
  let serving = false;
  let root = '';
  return {
    name: 'krym-chunk-url',
    enforce: 'pre',
    configResolved(resolved) {
      serving = resolved.command === 'serve';
      root = resolved.root;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(CHUNK_URL)) return null;
      const target = await this.resolve(source.slice(0, -CHUNK_URL.length), importer, { skipSelf: true });
      return target ? CHUNK_URL_PREFIX + target.id : null;
    },
    load(id) {
      if (!id.startsWith(CHUNK_URL_PREFIX)) return null;
      const file = id.slice(CHUNK_URL_PREFIX.length);
      if (serving) return `export default ${JSON.stringify(`/${relative(root, file)}`)};`;
      const name = basename(file).replace(/\.[^.]+$/, '');
      const ref = this.emitFile({ type: 'chunk', id: file, name });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

/** The server's renderer of first screens (src/client/app/ssr/render.tsx), built for Node. */
const FIRST_SCREEN_ENTRY = 'src/client/app/ssr/render.tsx';
/** The script of a page with a first screen drawn by the server: loads the app once that is painted. */
const FIRST_SCREEN_BOOT = 'src/client/app/ssr/boot.ts';

/**
 * Builds the first-screen renderer into `<outDir>/.ssr` after every client build, so whatever builds
 * the app (`npm start`, the tests, the benchmarks) gets both. A dot-directory: the precache's glob
 * skips it and the server never serves it.
 */
function firstScreenRenderer(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'krym-first-screen-renderer',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      root = resolved.root;
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        publicDir: false,
        logLevel: 'warn',
        define: { __APP_BUILD__: JSON.stringify(BUILD_LABEL) },
        plugins: [react()],
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

// A build is the product, so it is a production build even when the caller's environment says
// NODE_ENV=test (a test runner starting `npm start`): otherwise Vite ships React's development bundle
// and `import.meta.env.PROD` is false, so the service worker would never register. Vite reads NODE_ENV
// only after loading this file. NODE_ENV=development still asks for a development build on purpose.
function productionBuild(command: 'build' | 'serve'): void {
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
}

// The client build. The dev server proxies the API and the socket to `npm start`'s server.
const config: UserConfig = {
  define: { __APP_BUILD__: JSON.stringify(BUILD_LABEL) },
  plugins: [
    react(),
    appIcons(),
    chunkUrl(),
    firstScreenRenderer(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself, lazily after the first paint (src/client/app/pwa), and
      // the user decides when an update applies: no injected script, no auto-update.
      injectRegister: false,
      registerType: 'prompt',
      includeManifestIcons: false,
      injectManifest: {
        // The shell and the route chunks only; pictures and media are cached when first seen (sw.ts).
        // The one picture precached is the top bar's logo (half a kilobyte): it is part of the shell.
        globPatterns: ['**/*.{js,css,html}', 'favicon.svg'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Экскурсии по Крыму',
        short_name: 'Экскурсии',
        description: 'Экскурсии по Крыму: бронирование мест в автобусе и оплата картой онлайн',
        lang: 'ru',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Which CSS each screen needs and where the app and its boot script are: the server builds a first
    // screen it draws from them (src/server/http/first-screen.ts).
    manifest: true,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        boot: resolve(import.meta.dirname, FIRST_SCREEN_BOOT),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
};

export default defineConfig(({ command }) => {
  productionBuild(command);
  return config;
});
