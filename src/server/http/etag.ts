import { createHash } from 'node:crypto';
import type { Context } from 'hono';

// JSON answers with an ETag, so a phone that already holds the data gets a bodiless 304. Weak
// validators, because the compression middleware may re-encode the bytes.

export interface TaggedBody {
  text: string;
  etag: string;
}

export function tagJson(value: unknown): TaggedBody {
  const text = JSON.stringify(value);
  const etag = `W/"${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;
  return { text, etag };
}

export function sendTagged(c: Context, body: TaggedBody, cacheControl = 'no-cache'): Response {
  const headers = { ETag: body.etag, 'Cache-Control': cacheControl, Vary: 'Authorization' };
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim() === body.etag)) return c.body(null, 304, headers);
  return c.body(body.text, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
}

/**
 * Remembers one tagged body per key until the event generation moves (every committed change
 * publishes an event), so a burst of list requests builds the JSON once.
 */
export function createBodyCache(generation: () => number) {
  const entries = new Map<string, { generation: number; body: TaggedBody }>();
  return async (key: string, build: () => Promise<unknown>): Promise<TaggedBody> => {
    const now = generation();
    const hit = entries.get(key);
    if (hit && hit.generation === now) return hit.body;
    const body = tagJson(await build());
    // Only keep it if nothing changed while it was being built.
    if (generation() === now) entries.set(key, { generation: now, body });
    return body;
  };
}
