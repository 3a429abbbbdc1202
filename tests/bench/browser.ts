import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { buildClient, isBuildStale } from '../../scripts/client-build';
import { loadConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/main';
import { launchPersistentPhone, readReplica } from '../support/browser';
import { ROOT } from '../support/process';

// Shared parts of the browser benchmarks: the built app (built first when missing or older than its
// sources, as `npm start` does), the product served in-process on a fresh PGlite with the demo data, a
// phone-sized Chromium whose profile lives on disk (IndexedDB and the service worker persist between
// pages as on a phone; an incognito context would keep IndexedDB in memory and flatter every figure),
// and a way to run the app's own modules in a page.

/** The built client (DIST_DIR or ./dist), built now if it is missing or older than the sources. */
export async function ensureBuilt(): Promise<string> {
  const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(ROOT, 'dist');
  if (isBuildStale(ROOT, dist)) await buildClient(ROOT, dist);
  return dist;
}

export interface BenchServer {
  url: string;
  server: RunningServer;
  stop(): Promise<void>;
}

/** The product (app, API, socket) in this process, on a fresh PGlite folder with the demo catalogue. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const distDir = await ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-bench-browser-'));
  const server = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env }),
    { distDir },
  );
  return {
    url: server.url,
    server,
    async stop() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Phone {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A phone-sized Chromium (390×844, touch, Russian locale) with its profile in a temporary folder. */
export async function launchPhone(): Promise<Phone> {
  const profile = await mkdtemp(join(tmpdir(), 'krym-bench-profile-'));
  const context = await launchPersistentPhone(profile);
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A new page with no other page open in the context (so it leads the sync, as a single tab does). */
export async function onlyPage(context: BrowserContext): Promise<Page> {
  for (const open of context.pages()) await open.close();
  return context.newPage();
}

/**
 * Bundles TypeScript `source` (imports by absolute path, e.g. `${ROOT}/src/client/sync/pull/apply`) into one
 * classic script for a page: the app's own code, built by the app's own bundler, with no test double.
 */
export async function bundleForBrowser(source: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'krym-bench-bundle-'));
  try {
    const entry = join(dir, 'entry.ts');
    await writeFile(entry, source);
    const { build } = await import('vite');
    await build({
      configFile: false,
      root: dir,
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: join(dir, 'out'),
        emptyOutDir: true,
        minify: false,
        lib: { entry, formats: ['iife'], name: 'krymBench', fileName: () => 'bench.js' },
      },
    });
    return await readFile(join(dir, 'out', 'bench.js'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A loopback HTTP server answering each path from `files` (path → [content type, body]). */
export async function serveFiles(
  files: Record<string, [string, string]>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-store' }).end(file[1]);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface SyncStatusSeen {
  lastSyncedAt: number | null;
  socket: string;
}

/**
 * The sync status the app keeps in its replica (meta 'status', src/client/sync/engine/status.ts), read with
 * the raw IndexedDB API so the bench does not depend on the page exposing anything.
 */
export async function readSyncStatus(page: Page): Promise<SyncStatusSeen | null> {
  const value = (await readReplica(page, ['status']))?.meta.status as SyncStatusSeen | undefined;
  return value ? { lastSyncedAt: value.lastSyncedAt ?? null, socket: value.socket } : null;
}

/** Waits until the page's sync engine has finished a whole pull (and, if asked, has its socket open). */
export async function waitForSync(page: Page, socketOpen = false, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await readSyncStatus(page);
    if (status?.lastSyncedAt && (!socketOpen || status.socket === 'open')) return;
    if (Date.now() > deadline) throw new Error(`the app did not sync: ${JSON.stringify(status)}`);
    await page.waitForTimeout(100);
  }
}
