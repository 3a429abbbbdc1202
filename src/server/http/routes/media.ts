import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../errors';
import { candidateFiles, rasterizeSvg, requestedWidth, svgRendering } from '../../media/images';
import { parseRange } from '../../media/range';
import type { RangeRequest } from '../../media/range';
import { isSafeMediaId } from '../../media/store';
import type { MediaStore } from '../../media/store';
import { mediaContentType, mediaContentTypes } from '../../storage/media';

interface StoredFile {
  id: string;
  size: number;
}

const NOT_FOUND = 'Файл не найден';
const BAD_SIZES = 'Нужен список идентификаторов (не больше 1000) и ширина';
/** Ids one size question may name: a catalogue's pictures fit in a few such questions. */
const MAX_SIZE_IDS = 1000;
const SVG = 'image/svg+xml';
// A media id never changes its bytes (a new upload gets a new id), so clients may keep it for a year.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// An SVG opened directly must not run anything.
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

// GET /api/images/{id} (excursion images, gallery, video, avatars) and GET /api/app_media/{id}
// (places, cities, banners). `?w=480|1280` or `?size=small|large` picks a resized WebP variant; any
// other width gets the narrowest variant at least that wide, else the full image (images.ts). The
// demo's SVG artwork at such a width is answered with a WebP rendering of it.
// Every answer supports Range (video seeking) and If-None-Match.
//
// POST …/sizes {ids, w} answers {sizes: {id: bytes}}: the length of the very file a GET of each id at
// that width sends, so the app can say how many megabytes a download for offline use takes before
// the tourist agrees to it. Only ids the caller names are answered (a media id is itself the key to
// its picture, so no list of ids is ever given out); an id of another kind or of no row is left out.
// An SVG not yet rendered at that width is rendered now, as the download's first GET would do.

export function imageRoutes(deps: AppDeps): Hono {
  return mediaKindRoutes(deps, ['image', 'video', 'avatar']);
}

export function appMediaRoutes(deps: AppDeps): Hono {
  return mediaKindRoutes(deps, ['app_media']);
}

function mediaKindRoutes(deps: AppDeps, kinds: string[]): Hono {
  const app = new Hono();
  // Renderings in progress, so a burst of requests for one picture renders it once.
  const inFlight = new Map<string, Promise<StoredFile | null>>();
  // The stored WebP rendering of an SVG at the asked width (images.ts), made on the first request;
  // null means the SVG itself is the answer (no width, wider than any rendering, or it failed).
  const svgRaster = async (id: string, width: number | null): Promise<StoredFile | null> => {
    const rendering = svgRendering(id, width);
    if (!rendering || !isSafeMediaId(rendering.fileId)) return null;
    const { fileId } = rendering;
    const size = await deps.media.size(fileId);
    if (size !== null) return { id: fileId, size };
    let pending = inFlight.get(fileId);
    if (!pending) {
      pending = (async () => {
        try {
          const svg = await deps.media.get(id);
          if (!svg) return null;
          const body = await rasterizeSvg(svg, rendering.width);
          await deps.media.put(fileId, body);
          return { id: fileId, size: body.length };
        } catch (error) {
          deps.log.error(`${id} not rendered at ${fileId}; answered with the SVG`, error);
          return null;
        } finally {
          inFlight.delete(fileId);
        }
      })();
      inFlight.set(fileId, pending);
    }
    return pending;
  };
  app.post('/sizes', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { ids?: unknown; w?: unknown } | null;
    const ids = body?.ids;
    const width = typeof body?.w === 'number' ? requestedWidth(String(body.w), undefined) : null;
    if (
      !Array.isArray(ids) ||
      ids.length > MAX_SIZE_IDS ||
      !ids.every((id): id is string => typeof id === 'string') ||
      width === null
    )
      throw badRequest(BAD_SIZES);
    const safe = [...new Set(ids)].filter(isSafeMediaId);
    const types = await mediaContentTypes(deps.db, safe, kinds);
    const sizes: Record<string, number> = {};
    for (const [id, contentType] of types) {
      const raster = contentType === SVG ? await svgRaster(id, width) : null;
      const file = raster ?? (await firstExisting(deps.media, candidateFiles(id, contentType, width)));
      if (file) sizes[id] = file.size;
    }
    return c.json({ sizes });
  });
  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!isSafeMediaId(id)) throw notFound(NOT_FOUND);
    const contentType = await mediaContentType(deps.db, id, kinds);
    if (contentType === undefined) throw notFound(NOT_FOUND);
    const width = requestedWidth(c.req.query('w'), c.req.query('size'));
    if (contentType === SVG) {
      const raster = await svgRaster(id, width);
      if (raster) return answer(c, deps.media, raster, 'image/webp');
    }
    const file = await firstExisting(deps.media, candidateFiles(id, contentType, width));
    if (!file) throw notFound(NOT_FOUND);
    return answer(c, deps.media, file, contentType);
  });
  // Deeper paths (an encoded or literal slash) are never media either.
  app.get('*', () => {
    throw notFound(NOT_FOUND);
  });
  return app;
}

async function firstExisting(store: MediaStore, ids: string[]): Promise<StoredFile | null> {
  for (const id of ids) {
    const size = await store.size(id);
    if (size !== null) return { id, size };
  }
  return null;
}

function answer(c: Context, store: MediaStore, file: StoredFile, contentType: string): Response {
  // Strong and per file: each variant is its own representation with its own bytes.
  const etag = `"${file.id}-${file.size}"`;
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Cache-Control': CACHE_CONTROL,
    ETag: etag,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  };
  if (contentType === SVG) headers['Content-Security-Policy'] = SVG_POLICY;

  // If-None-Match wins over Range (RFC 9110 §13.2.2); it compares weakly because the compress
  // middleware turns the tag of a gzipped SVG into W/"…".
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);

  // If-Range: resume only if the file is still the one the client has part of.
  const ifRange = c.req.header('If-Range');
  const range: RangeRequest =
    ifRange !== undefined && ifRange.trim() !== etag
      ? { kind: 'whole' }
      : parseRange(c.req.header('Range'), file.size);
  if (range.kind === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${file.size}` });
  }
  const start = range.kind === 'slice' ? range.start : 0;
  const end = range.kind === 'slice' ? range.end : file.size - 1;
  headers['Content-Length'] = String(end - start + 1);
  if (range.kind === 'slice') headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  // HEAD shares this handler; it must not open the file it will not send.
  const status = range.kind === 'slice' ? 206 : 200;
  if (c.req.method === 'HEAD' || end < start) return c.body(null, status, headers);
  return c.body(store.stream(file.id, start, end), status, headers);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
