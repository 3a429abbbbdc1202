import { Hono, type Context, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { containsNul } from '../../protocol/json';
import { MediaRejectedError } from '../media/errors';
import { createMetrics } from '../metrics';
import { databaseFailureKind, ping } from '../storage/db';
import { trustedProxyList } from '../client-address';
import { compressAnswers } from './compress';
import type { AppDeps } from './deps';
import { ServiceError, errorResponse } from './errors';
import { catalogueRoutes } from './routes/catalogue';
import { metricsRoutes } from './routes/metrics';
import { adminUserRoutes } from './routes/admin-users';
import { authRoutes } from './routes/auth';
import { appMediaRoutes, imageRoutes } from './routes/media';
import { excursionWriteRoutes, moderationRoutes } from './routes/excursions';
import { paymentRoutes, testPayRoutes } from './routes/payments';
import { profileRoutes, uploadRoutes } from './routes/profile';
import { pushRoutes } from './routes/push';
import { reviewRoutes, ticketReviewRoutes } from './routes/reviews';
import { syncRoutes } from './routes/sync';
import { ticketRoutes, userTicketRoutes } from './routes/tickets';
import { tourWriteRoutes } from './routes/tours';
import { userRoutes } from './routes/users';
import { firstScreens } from './first-screen';
import { requestContext } from './request-context';
import { decodedPath, staticRoutes } from './static';

export const JSON_BODY_LIMIT = 256 * 1024;

export const APP_TEXTS = {
  tooLarge: 'Слишком большой запрос',
  nul: 'Запрос содержит недопустимый символ U+0000',
  notFound: 'Not found',
  badUrl: 'Некорректный адрес запроса',
  unavailable: 'Сервис временно недоступен, попробуйте позже',
} as const;

/** How long health waits for the database's `SELECT 1`: a monitor polls it and must not hang. */
export const HEALTH_QUERY_TIMEOUT_MS = 2_000;

/** How soon a client may try again after a 503 for a database outage. */
const RETRY_AFTER_SECONDS = '5';

/** Resolves when the database answers a trivial query, rejects when it fails or is too slow. */
async function databaseAnswers(db: AppDeps['db'], timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`SELECT 1 took over ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  try {
    await Promise.race([ping(db), slow]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body of a refusal made before a route runs. SPEC §7 names `message` as the error field of the
 * tour calls and `detail` of every other one; a tour call gets both, so a client reading either works.
 */
const refusal = (c: Context, text: string): Record<string, string> =>
  /^\/api\/tours\/?$/.test(c.req.path) && ['POST', 'DELETE'].includes(c.req.method)
    ? { message: text, detail: text }
    : { detail: text };

// PostgreSQL text cannot hold U+0000: a NUL in the URL or in a JSON body would reach a query and fail
// there as a 500. It is refused here as malformed input. A JSON NUL is always the escape \u0000, so
// the body is only decoded again when that escape occurs. JSON routes read any body as JSON whatever
// its claimed type, so every type is checked; the upload forms check their own fields.
async function refuseNul(c: Context, next: Next, readsBody: boolean) {
  const url = c.req.url;
  const refuse = () => c.json(refusal(c, APP_TEXTS.nul), 400);
  if (url.includes('\0') || /%00/.test(url)) return refuse();
  if (readsBody && !['GET', 'HEAD'].includes(c.req.method)) {
    const text = await c.req.text();
    if (text.includes('\0')) return refuse();
    if (/\\u0000/i.test(text)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      if (containsNul(value)) return refuse();
    }
  }
  return next();
}

export interface AppOptions {
  /** Folder of the built client; omitted in API-only tests. */
  distDir?: string;
  /** Set once start-up (migrations, seed) has finished; health answers 503 until then. */
  isReady?: () => boolean;
  /** True while the process stops (SIGTERM): health answers 503 {status:'draining'}. */
  isDraining?: () => boolean;
}

/** 413 for a body over the cap. Its rest is never read, so the connection cannot be reused: say so. */
const tooLarge = (c: Context) => c.json(refusal(c, APP_TEXTS.tooLarge), 413, { Connection: 'close' });

export function createApp(given: AppDeps, options: AppOptions = {}): Hono {
  const app = new Hono();
  // A server passes its own metrics (main.ts); an app built by hand counts into a registry of its own.
  const metrics = given.metrics ?? createMetrics({ poolUse: () => given.db.poolUse(), openSockets: () => 0 });
  const deps: AppDeps = given.metrics ? given : { ...given, metrics };

  // First, so every answer (a refusal below, a 404, an error) carries the request id, and every log
  // line written while the request is handled names it.
  app.use('*', requestContext(deps.log, trustedProxyList(deps.config.TRUSTED_PROXIES), metrics));
  app.use('*', compressAnswers());
  // A path whose percent escapes do not decode names no route and no file. It is refused here, once,
  // so no route's parameters or file lookup ever meets it (decodeURIComponent would throw a URIError).
  app.use('*', async (c, next) => {
    if (c.req.url.includes('%') && decodedPath(c.req.url) === null)
      return c.json(refusal(c, APP_TEXTS.badUrl), 400);
    await next();
  });
  // JSON calls are small; a huge body is refused before it is read. Upload routes set their own cap.
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => tooLarge(c),
  });
  // Hono's bodyLimit asks the request for its body stream first, even on a GET. On Node that makes
  // @hono/node-server build a whole WHATWG Request (a web stream over the socket, an AbortController)
  // for every call, and the body is then read through that stream instead of straight off the
  // socket: a tenth of the server's time per booking. A call that states its length, as every
  // client of ours does, is judged by it (Node's parser never delivers more than it states); a GET or
  // HEAD has no body a route reads; only a chunked body goes through Hono's counting reader.
  const capJsonBody = async (c: Context, next: Next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return jsonLimit(c, next);
    return Number.parseInt(length, 10) > JSON_BODY_LIMIT ? tooLarge(c) : next();
  };
  // Uploads set their own, larger caps: the avatar (routes/profile.ts), the excursion form and a
  // review's photos (routes/reviews.ts).
  const ownLimit = (c: { req: { path: string; method: string } }) =>
    /^\/api\/uploadfile\/?$/.test(c.req.path) ||
    (c.req.method === 'POST' && /^\/api\/tickets\/[^/]+\/review\/photos\/?$/.test(c.req.path)) ||
    (c.req.method === 'POST' && /^\/api\/excursions\/?$/.test(c.req.path)) ||
    (c.req.method === 'PUT' && /^\/api\/excursions\/[^/]+\/?$/.test(c.req.path));
  app.use('/api/*', (c, next) => (ownLimit(c) ? next() : capJsonBody(c, next)));
  app.use('/auth/*', capJsonBody);
  // After the size cap, so the body read here is already bounded; upload routes cap their own.
  app.use('/api/*', (c, next) => refuseNul(c, next, !ownLimit(c)));
  app.use('/auth/*', (c, next) => refuseNul(c, next, true));

  // Healthy means able to serve: the database is asked too, so a monitor or a load balancer sees an
  // outage instead of a process that fails every real call.
  app.get('/api/health', async (c) => {
    if (options.isDraining?.()) return c.json({ status: 'draining' }, 503);
    if (options.isReady && !options.isReady()) return c.json({ status: 'starting' }, 503);
    try {
      await databaseAnswers(deps.db, HEALTH_QUERY_TIMEOUT_MS);
    } catch (error) {
      deps.log.error('health: the database does not answer', error);
      return c.json({ status: 'error', database: 'unavailable' }, 503);
    }
    return c.json({ status: 'ok', database: deps.db.kind });
  });

  app.route('/api/excursions', excursionWriteRoutes(deps));
  app.route('/api/moderation', moderationRoutes(deps));
  app.route('/api/admin', adminUserRoutes(deps));
  app.route('/api', catalogueRoutes(deps));
  app.route('/api/tours', tourWriteRoutes(deps));
  app.route('/api/sync', syncRoutes(deps));
  app.route('/api/users', profileRoutes(deps));
  app.route('/api/users', userRoutes(deps));
  app.route('/api/users', userTicketRoutes(deps));
  app.route('/api/tickets', ticketRoutes(deps));
  app.route('/api/tickets', ticketReviewRoutes(deps));
  app.route('/api/reviews', reviewRoutes(deps));
  app.route('/api/push', pushRoutes(deps));
  app.route('/api/payments', paymentRoutes(deps));
  app.route('/api/test-pay', testPayRoutes(deps));
  app.route('/api', uploadRoutes(deps));
  app.route('/auth', authRoutes(deps));
  app.route('/api/images', imageRoutes(deps));
  app.route('/api/app_media', appMediaRoutes(deps));

  // Without METRICS_TOKEN there is no /metrics: a 404 like an unknown API path, never the app shell.
  const metricsToken = deps.config.METRICS_TOKEN;
  if (metricsToken) app.route('/metrics', metricsRoutes(metrics, metricsToken));
  else app.all('/metrics', (c) => c.json({ detail: APP_TEXTS.notFound }, 404));

  app.all('/api/*', (c) => c.json({ detail: APP_TEXTS.notFound }, 404));
  app.all('/auth/*', (c) => c.json({ detail: APP_TEXTS.notFound }, 404));
  if (options.distDir) app.route('/', staticRoutes(options.distDir, firstScreens(deps, options.distDir)));
  // Anything else (a path that resolves outside /api, an odd method on a page) is a JSON 404 too.
  app.notFound((c) => c.json({ detail: APP_TEXTS.notFound }, 404));

  app.onError((error, c) => {
    if (error instanceof ServiceError) return errorResponse(c, error);
    if (error instanceof MediaRejectedError) return c.json({ detail: error.message }, error.status);
    if (error instanceof HTTPException) {
      return c.json({ detail: error.message || 'Некорректный запрос' }, error.status);
    }
    // The database is down or unreachable: not a bug of ours, and every call fails alike until it is
    // back. The logger keeps it to one line per kind a minute (main.ts, throttleFailures).
    if (databaseFailureKind(error)) {
      deps.log.error(`${c.req.method} ${c.req.path}: database unavailable`, error);
      return c.json(refusal(c, APP_TEXTS.unavailable), 503, { 'Retry-After': RETRY_AFTER_SECONDS });
    }
    // Anything else is our bug: log it whole, answer without internals.
    deps.log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ detail: 'Внутренняя ошибка сервера' }, 500);
  });
  return app;
}
