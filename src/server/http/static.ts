import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono } from 'hono';
import { preferredEncoding } from './compress';
import type { DrawnPage, FirstScreens } from './first-screen';
import { HASHED_FOLDERS, PRECOMPRESSED } from './precompressed';

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

/** YooKassa's checkout widget: the app's only third-party script, its frame, styles and calls. */
const PAYMENT_WIDGET_ORIGIN = 'https://yookassa.ru';

/**
 * The Content-Security-Policy of the app (OWASP ASVS 3.4.3): scripts only from the app's own files
 * and the payment widget, never inline, never from strings (no 'unsafe-eval'), so text that slipped
 * into the page as markup still cannot run. Pictures may be data: or blob: URLs (the referral QR
 * code, a chosen photo before upload); 'self' covers the same-origin socket (CSP Level 3). It travels
 * with every file, so the service worker's copy of the shell carries it too. 'wasm-unsafe-eval' lets
 * the boarding screen's QR reader compile its WebAssembly (the app's own file); it allows no
 * JavaScript from strings.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${PAYMENT_WIDGET_ORIGIN}`,
  `style-src 'self' ${PAYMENT_WIDGET_ORIGIN}`,
  `img-src 'self' data: blob: ${PAYMENT_WIDGET_ORIGIN}`,
  "media-src 'self' blob:",
  "font-src 'self'",
  `connect-src 'self' ${PAYMENT_WIDGET_ORIGIN}`,
  `frame-src ${PAYMENT_WIDGET_ORIGIN}`,
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy for a page whose style sheets are inline: those exact sheets, by hash, and no others. */
export function contentSecurityPolicy(styleHashes: readonly string[]): string {
  const allowed = [`style-src 'self' ${PAYMENT_WIDGET_ORIGIN}`, ...styleHashes].join(' ');
  return CONTENT_SECURITY_POLICY.replace(`style-src 'self' ${PAYMENT_WIDGET_ORIGIN}`, allowed);
}

// Paths that belong to the server; an unknown one there is a 404, never the app shell.
const SERVER_PREFIXES = ['/api/', '/auth/', '/ws'];

const IMMUTABLE_PREFIXES = HASHED_FOLDERS.map((folder) => `/${folder}/`);

/**
 * Serves the built app from `distDir`. Hashed files under /assets, /reader and /staff are immutable,
 * sent in the encoding the build compressed them in where the client accepts it; index.html and the
 * service worker are always revalidated so an update is seen at once. Any other app route gets
 * index.html, because the client router owns those paths; on the routes `screens` draws, with that
 * screen drawn in. Dot-folders of the build (the server's renderer, Vite's manifest) are never served.
 */
export function staticRoutes(distDir: string, screens?: FirstScreens): Hono {
  const app = new Hono();
  const root = normalize(distDir + sep);
  const compressedCopy = compressedCopies();

  const send = async (file: string, cacheControl: string, page?: DrawnPage, copy?: CompressedCopy) => {
    const body = page?.html ?? new Uint8Array(await readFile(copy ? copy.file : file));
    return new Response(body, {
      headers: {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': cacheControl,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': page ? contentSecurityPolicy(page.styleHashes) : CONTENT_SECURITY_POLICY,
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        ...(copy && { 'Content-Encoding': copy.encoding, Vary: 'Accept-Encoding' }),
      },
    });
  };

  app.get('*', async (c) => {
    // createApp refuses undecodable addresses first; served alone, such an address names no file.
    const path = decodedPath(c.req.url);
    if (path === null) return c.notFound();
    if (SERVER_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))) {
      return c.notFound();
    }
    if (path.split('/').some((segment) => segment.startsWith('.'))) return c.notFound();
    const file = normalize(join(root, path));
    if (file.startsWith(root) && (await isFile(file))) {
      const immutable = IMMUTABLE_PREFIXES.some((prefix) => path.startsWith(prefix));
      if (!immutable) return send(file, 'no-cache');
      const copy = await compressedCopy(file, c.req.header('Accept-Encoding'));
      return send(file, 'public, max-age=31536000, immutable', undefined, copy);
    }
    if (extname(path) !== '') return c.notFound();
    const index = join(root, 'index.html');
    if (screens) {
      const page = await screens.render(c.req.url, await readFile(index, 'utf8'));
      if (page !== null) return send(index, 'no-cache', page);
    }
    return send(index, 'no-cache');
  });
  return app;
}

/**
 * The request's path with its percent escapes decoded, or null when they do not decode (a lone `%`,
 * a cut-off sequence, bytes that are not UTF-8): decodeURIComponent throws a URIError on those.
 */
export function decodedPath(url: string): string | null {
  const { pathname } = new URL(url, 'http://app');
  if (!pathname.includes('%')) return pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

interface CompressedCopy {
  file: string;
  encoding: string;
}

/**
 * The copy of a hashed file the build compressed (precompressed.ts) that the client takes best, if
 * there is one; otherwise the file goes as it is, compressed per request where the client asks.
 * Which copies a hashed file has is looked up once: its name changes whenever its content does.
 */
function compressedCopies(): (
  file: string,
  accepted: string | undefined,
) => Promise<CompressedCopy | undefined> {
  const known = new Map<string, Promise<(typeof PRECOMPRESSED)[number][]>>();
  const copiesOf = (file: string) => {
    let found = known.get(file);
    if (!found) {
      found = Promise.all(PRECOMPRESSED.map((one) => isFile(file + one.suffix))).then((present) =>
        PRECOMPRESSED.filter((_, index) => present[index]),
      );
      known.set(file, found);
    }
    return found;
  };
  return async (file, accepted) => {
    if (!accepted) return undefined;
    const available = await copiesOf(file);
    const encoding = preferredEncoding(
      accepted,
      available.map((one) => one.encoding),
    );
    const chosen = available.find((one) => one.encoding === encoding);
    return chosen && { file: file + chosen.suffix, encoding: chosen.encoding };
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
