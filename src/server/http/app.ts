import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { MediaRejectedError } from '../media/errors';
import type { AppDeps } from './deps';
import { HttpError, errorResponse } from './errors';
import { catalogueRoutes } from './routes/catalogue';
import { authRoutes } from './routes/auth';
import { appMediaRoutes, imageRoutes } from './routes/media';
import { excursionWriteRoutes, moderationRoutes } from './routes/excursions';
import { paymentRoutes, testPayRoutes } from './routes/payments';
import { profileRoutes, uploadRoutes } from './routes/profile';
import { syncRoutes } from './routes/sync';
import { ticketRoutes, userTicketRoutes } from './routes/tickets';
import { tourWriteRoutes } from './routes/tours';
import { userRoutes } from './routes/users';
import { staticRoutes } from './static';

export const JSON_BODY_LIMIT = 256 * 1024;

export interface AppOptions {
  /** Folder of the built client; omitted in API-only tests. */
  distDir?: string;
  /** Set once start-up (migrations, seed) has finished; health answers 503 until then. */
  isReady?: () => boolean;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  const app = new Hono();

  app.use('*', compress());
  // JSON calls are small; a huge body is refused before it is read. Upload routes set their own cap.
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    // The rest of the body is never read, so the connection cannot be reused: say so.
    onError: (c) => c.json({ detail: 'Слишком большой запрос' }, 413, { Connection: 'close' }),
  });
  // Uploads set their own, larger caps: the avatar (routes/profile.ts) and the excursion form.
  const ownLimit = (c: { req: { path: string; method: string } }) =>
    /^\/api\/uploadfile\/?$/.test(c.req.path) ||
    (c.req.method === 'POST' && /^\/api\/excursions\/?$/.test(c.req.path)) ||
    (c.req.method === 'PUT' && /^\/api\/excursions\/[^/]+\/?$/.test(c.req.path));
  app.use('/api/*', (c, next) => (ownLimit(c) ? next() : jsonLimit(c, next)));
  app.use('/auth/*', jsonLimit);

  app.get('/api/health', (c) =>
    options.isReady && !options.isReady()
      ? c.json({ status: 'starting' }, 503)
      : c.json({ status: 'ok', database: deps.db.kind }),
  );

  app.route('/api/excursions', excursionWriteRoutes(deps));
  app.route('/api/moderation', moderationRoutes(deps));
  app.route('/api', catalogueRoutes(deps));
  app.route('/api/tours', tourWriteRoutes(deps));
  app.route('/api/sync', syncRoutes(deps));
  app.route('/api/users', profileRoutes(deps));
  app.route('/api/users', userRoutes(deps));
  app.route('/api/users', userTicketRoutes(deps));
  app.route('/api/tickets', ticketRoutes(deps));
  app.route('/api/payments', paymentRoutes(deps));
  app.route('/api/test-pay', testPayRoutes(deps));
  app.route('/api', uploadRoutes(deps));
  app.route('/auth', authRoutes(deps));
  app.route('/api/images', imageRoutes(deps));
  app.route('/api/app_media', appMediaRoutes(deps));

  app.all('/api/*', (c) => c.json({ detail: 'Not found' }, 404));
  app.all('/auth/*', (c) => c.json({ detail: 'Not found' }, 404));
  if (options.distDir) app.route('/', staticRoutes(options.distDir));

  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error);
    if (error instanceof MediaRejectedError) return c.json({ detail: error.message }, error.status);
    if (error instanceof HTTPException) {
      return c.json({ detail: error.message || 'Некорректный запрос' }, error.status);
    }
    // Anything else is our bug: log it whole, answer without internals.
    deps.log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ detail: 'Внутренняя ошибка сервера' }, 500);
  });
  return app;
}
