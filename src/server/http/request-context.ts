import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { withLogFields, type Logger } from '../log';
import { UNMATCHED_ROUTE, type Metrics } from '../metrics';
import type { AddressList } from '../payments/addresses';
import { clientIp } from './client-ip';

// Every request gets an id: returned in X-Request-Id and written on every log line made while it is
// handled (withLogFields), so an operator finds all that one request did from the id a client or
// the proxy reports. One access line per request closes it.

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an id from a proxy may look like: short, and nothing a log line or a header could misread. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The X-Request-Id a request came with, when it may be kept: only from a trusted proxy
 * (TRUSTED_PROXIES, the rule X-Forwarded-For follows), so a proxy's id ties its log to ours, while
 * anyone else cannot plant ids in the log. Undefined when a fresh id is due.
 */
export function acceptedRequestId(
  peer: string | undefined,
  header: string | undefined,
  trusted: AddressList | null,
): string | undefined {
  if (header === undefined || !trusted?.allows(peer)) return undefined;
  return SANE_REQUEST_ID.test(header) ? header : undefined;
}

/** The request's id: the trusted proxy's (acceptedRequestId), else a new UUID. */
export function requestIdFor(
  peer: string | undefined,
  header: string | undefined,
  trusted: AddressList | null,
): string {
  return acceptedRequestId(peer, header, trusted) ?? randomUUID();
}

/**
 * A path for a log line when no route pattern names the request (a file, a refusal before routing,
 * a 404): segments that could carry an id or a token (any digit, over 32 characters, or characters
 * beyond [A-Za-z0-9._-]) are written as `:x`.
 */
export function redactedPath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment === '' || (/^[A-Za-z._-]+$/.test(segment) && segment.length <= 32) ? segment : ':x',
    )
    .join('/');
}

/** The route pattern that answered (`/api/tickets/:id`), or the redacted path when only a wildcard did. */
export function routeOf(c: Context): string {
  // After the chain has run, routeIndex is the last handler reached: the one that answered.
  const pattern = matchedRoutes(c)[c.req.routeIndex]?.path;
  return pattern && !pattern.includes('*') ? pattern : redactedPath(c.req.path);
}

/**
 * The route label of a request's timing: the pattern that answered, wildcards included (`/api/*`
 * for an unknown API path), so the labels are the app's patterns, never a path a client made up.
 */
export function metricRoute(c: Context): string {
  return matchedRoutes(c)[c.req.routeIndex]?.path ?? UNMATCHED_ROUTE;
}

/** Health is polled every few seconds by monitors; its lines are debug, so they do not drown the rest. */
const QUIET_PATHS = new Set(['/api/health']);

function setHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    // A response whose headers are immutable (one passed through from fetch) is copied first.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

/**
 * The outermost middleware: gives the request its id, binds it to every log line written while the
 * request is handled, returns it in X-Request-Id on every answer (errors and 404s too), and writes
 * the access line once the answer is out, when its length and the whole time are known. Request
 * bodies and headers are never logged.
 */
export function requestContext(
  log: Logger,
  trusted: AddressList | null,
  metrics?: Pick<Metrics, 'requestDuration'>,
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    const socket = env?.incoming?.socket;
    // A connection carries one request at a time (browsers and proxies do not pipeline), so what its
    // socket writes from here on is this answer, headers included.
    const sentBefore = socket?.bytesWritten;
    const requestId = requestIdFor(socket?.remoteAddress, c.req.header(REQUEST_ID_HEADER), trusted);
    const access = (status: number, bytes: number | undefined, aborted: boolean) => {
      const elapsedMs = performance.now() - started;
      metrics?.requestDuration.observe(
        { method: c.req.method, route: metricRoute(c), status: String(status) },
        elapsedMs / 1000,
      );
      const fields = {
        requestId,
        method: c.req.method,
        route: routeOf(c),
        status,
        durationMs: Math.round(elapsedMs * 10) / 10,
        ...(bytes === undefined ? {} : { bytes }),
        client: clientIp(c, trusted),
        ...(aborted ? { aborted } : {}),
      };
      if (QUIET_PATHS.has(c.req.path)) log.debug('request', fields);
      else log.info('request', fields);
    };
    let failed = true;
    try {
      await withLogFields({ requestId }, next);
      failed = false;
      setHeader(c, REQUEST_ID_HEADER, requestId);
    } finally {
      const outgoing = env?.outgoing;
      // On Node the line waits for the answer to be written (or the client to go away): the status,
      // the size and the time are then those of what was really sent.
      const sent = () => (socket && sentBefore !== undefined ? socket.bytesWritten - sentBefore : undefined);
      if (outgoing?.destroyed) access(outgoing.statusCode, undefined, true);
      else if (outgoing)
        outgoing.once('close', () => access(outgoing.statusCode, sent(), !outgoing.writableFinished));
      else {
        const length = failed ? null : c.res.headers.get('content-length');
        access(failed ? 500 : c.res.status, length === null ? undefined : Number(length), false);
      }
    }
  };
}
