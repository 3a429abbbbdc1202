import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { isSafeMediaId } from '../../media/store';

interface MediaRow {
  content_type: string;
  bytes: number;
}

// GET /api/images/{id} (excursion media, avatars) and GET /api/app_media/{id} (places, cities,
// banners). A media id never changes its bytes, so clients may cache it for a year.

export function imageRoutes(deps: AppDeps): Hono {
  return mediaKindRoutes(deps, ['image', 'video', 'avatar']);
}

export function appMediaRoutes(deps: AppDeps): Hono {
  return mediaKindRoutes(deps, ['app_media']);
}

function mediaKindRoutes(deps: AppDeps, kinds: string[]): Hono {
  const app = new Hono();
  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!isSafeMediaId(id)) throw notFound('Файл не найден');
    const [meta] = await deps.db.query<MediaRow>(
      'SELECT content_type, bytes FROM media WHERE id = $1 AND kind = ANY($2::text[])',
      [id, kinds],
    );
    const body = meta ? await deps.media.get(id) : null;
    if (!meta || !body) throw notFound('Файл не найден');
    const etag = `"${id}"`;
    const headers = {
      'Content-Type': meta.content_type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(body), 200, headers);
  });
  return app;
}
