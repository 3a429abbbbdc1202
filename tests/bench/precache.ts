import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// What the service worker downloads on install: every precache entry the build wrote into sw.js,
// images left out (the budget is for code and the shell), counted as stored, before compression.

const IMAGE = /\.(?:png|jpe?g|webp|avif|gif|svg|ico)$/i;

export async function precacheBytes(): Promise<{ entries: number; bytes: number }> {
  const root = resolve(import.meta.dirname, '../..');
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'sw.js'))) {
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn' });
  }
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  const urls = [...new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string))];
  const files = urls.filter((url) => !IMAGE.test(url));
  const bytes = files.reduce((sum, url) => sum + statSync(join(dist, url.replace(/^\//, ''))).size, 0);
  return { entries: files.length, bytes };
}
