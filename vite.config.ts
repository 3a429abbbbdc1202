import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
// Local imports name their file (`.js` finds the `.ts` beside it): Vite's config loader asks for it.
import { appIcons } from './scripts/vite/app-icons.js';
import { BUILD_DEFINE } from './scripts/vite/build-label.js';
import { chunkUrl } from './scripts/vite/chunk-url.js';
import { firstScreenRenderer } from './scripts/vite/first-screen-renderer.js';
import { precompress } from './scripts/vite/precompress.js';
import { pwa } from './scripts/vite/pwa.js';
import { staffFiles } from './scripts/vite/staff-files.js';
import type { HashedFolder } from './src/server/http/precompressed.js';

/**
 * The boarding screen's QR reader (the ponyfill's chunk and ZXing's WebAssembly), built under /reader/:
 * only a seller's phone needs it, so it stays out of the precache (scripts/vite/pwa.ts) and is kept by
 * the phones that board passengers (src/client/app/pages/seller/departure/scanner.ts).
 */
const READER_CHUNK = 'qr-ponyfill';
const isReaderAsset = (names: readonly string[]) => names.some((name) => name.endsWith('.wasm'));

/**
 * The screens only sellers and admins open (their excursions, the excursion form, the schedule, the
 * departure day, the admin panel and a revision's diff), built under /staff/: a tourist's phone never
 * needs them, so they stay out of the precache. A seller's or an admin's phone fetches them all while
 * it has network (src/client/app/pwa/staff-screens.ts, from the list staffFiles() writes) and the
 * service worker keeps them (sw/sw.ts), so the departure day opens on a road with no signal.
 */
const STAFF_CHUNKS = new Set([
  'AdminPanelPage',
  'RevisionDiff',
  'MyExcursionsPage',
  'SellerExcursionPage',
  'ScheduleEditorPage',
  'ScheduleRulePanel',
  'ManifestPage',
  'BoardingPage',
  'AddExcursionPage',
  'EditExcursionPage',
  'TripFields',
  // Shared by the wizard and the editor, or by the seller's list and the wizard: staff-only too.
  'UploadStatus',
  'SellersOnly',
]);
const isStaffAsset = (names: readonly string[]) =>
  names.some((name) => STAFF_CHUNKS.has(name.replace(/\.css$/, '')));

/**
 * Where a chunk or an asset goes: the QR reader and the staff screens apart from the precached assets.
 * One of the server's hashed folders, so a folder renamed here and not there fails the type check.
 */
function chunkFolder(name: string): HashedFolder {
  if (name === READER_CHUNK) return 'reader';
  return STAFF_CHUNKS.has(name) ? 'staff' : 'assets';
}
function assetFolder(names: readonly string[]): HashedFolder {
  if (isReaderAsset(names)) return 'reader';
  return isStaffAsset(names) ? 'staff' : 'assets';
}

/** The script of a page with a first screen drawn by the server: loads the app once that is painted. */
const FIRST_SCREEN_BOOT = 'src/client/app/ssr/boot.ts';

// A build is the product, so it is a production build even when the caller's environment says
// NODE_ENV=test (a test runner starting `npm start`): otherwise Vite ships React's development bundle
// and `import.meta.env.PROD` is false, so the service worker would never register. Vite reads NODE_ENV
// only after loading this file. NODE_ENV=development still asks for a development build on purpose.
function productionBuild(command: 'build' | 'serve'): void {
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
}

// The client build; its plugins live in scripts/vite/. The dev server proxies the API and the socket
// to `npm start`'s server.
const config: UserConfig = {
  define: BUILD_DEFINE,
  plugins: [react(), appIcons(), chunkUrl(), firstScreenRenderer(), staffFiles(), precompress(), pwa()],
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
      output: {
        chunkFileNames: (chunk) => `${chunkFolder(chunk.name)}/[name]-[hash].js`,
        assetFileNames: (asset) => `${assetFolder(asset.names)}/[name]-[hash][extname]`,
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
