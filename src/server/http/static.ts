import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// Paths that belong to the server; an unknown one there is a 404, never the app shell.
const SERVER_PREFIXES = ['/api/', '/auth/', '/ws'];

/**
 * Serves the built app from `distDir`. Hashed files under /assets are immutable; index.html and the
 * service worker are always revalidated so an update is seen at once. Any other app route gets
 * index.html, because the client router owns those paths.
 */
export function staticRoutes(distDir: string): Hono {
  const app = new Hono();
  const root = normalize(distDir + sep);

  const send = async (file: string, cacheControl: string) => {
    const body = await readFile(file);
    return new Response(new Uint8Array(body), {
      headers: {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': cacheControl,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };

  app.get('*', async (c) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    if (SERVER_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))) {
      return c.notFound();
    }
    const file = normalize(join(root, path));
    if (file.startsWith(root) && (await isFile(file))) {
      const immutable = path.startsWith('/assets/');
      return send(file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (extname(path) !== '') return c.notFound();
    return send(join(root, 'index.html'), 'no-cache');
  });
  return app;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
