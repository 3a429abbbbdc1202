import type { Context, Next } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

// Response compression (gzip or deflate, as the client accepts), the rules of Hono's compress
// middleware with one difference: the Vary header is set on the answer's own headers. Hono sets it
// with `c.header()`, which on Node rebuilds a finished answer as a whole WHATWG Response with a body
// stream, for every JSON answer, compressed or not (about 6 % of the server's time per booking).

/** Answers that state a smaller length go as they are. */
const THRESHOLD = 1024;
const ENCODINGS = ['gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The encoding to use for an Accept-Encoding header: gzip before deflate, by q-value, none at q=0. */
export function chooseEncoding(accepted: string | undefined): Encoding | undefined {
  return preferredEncoding(accepted, ENCODINGS);
}

/**
 * Of the encodings `offered`, the one an Accept-Encoding header weighs highest (the earlier of two
 * weighed alike); none where it weighs them all at q=0.
 */
export function preferredEncoding<E extends string>(
  accepted: string | undefined,
  offered: readonly E[],
): E | undefined {
  if (!accepted) return undefined;
  const weights = new Map<string, number>();
  for (const part of accepted.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => /^q=/i.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  let best: { encoding: E; q: number } | undefined;
  for (const encoding of offered) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

export function compressAnswers() {
  return async function compressAnswer(c: Context, next: Next): Promise<void> {
    await next();
    const headers = c.res.headers;
    const length = headers.get('Content-Length');
    if (
      c.res.status === 206 ||
      c.req.method === 'HEAD' ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      (length !== null && Number(length) < THRESHOLD) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('Cache-Control') ?? '')
    )
      return;
    const vary = headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      const value = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
      try {
        headers.set('Vary', value);
      } catch {
        // An answer with immutable headers (one from fetch()) is rebuilt, as Hono does.
        c.header('Vary', value);
      }
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !c.res.body) return;
    c.res = new Response(c.res.body.pipeThrough(new CompressionStream(encoding)), c.res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
