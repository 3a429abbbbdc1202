import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// The bytes a phone must download before the home screen's first render: every script and stylesheet
// index.html loads or preloads, gzipped. Images are not counted (SPEC budget: JS and CSS only).

export async function homeFirstRenderBytes(): Promise<{ files: number; gzipBytes: number }> {
  const root = resolve(import.meta.dirname, '../..');
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn' });
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  const gzipBytes = assets.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length,
    0,
  );
  return { files: assets.length, gzipBytes };
}
