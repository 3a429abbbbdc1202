import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { readBearerToken } from '../../../protocol/headers';
import type { Metrics } from '../../metrics';

export const METRICS_TEXTS = {
  required: 'Требуется токен доступа к метрикам',
  invalid: 'Неверный токен доступа к метрикам',
} as const;

/**
 * Whether `given` is the token, in time that does not depend on where they differ: both are hashed
 * first, so the comparison also never reveals the token's length.
 */
export function sameToken(given: string, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics: this process's series in Prometheus' text format, for a scraper holding the Bearer
 * token (METRICS_TOKEN). Mounted only when the token is set.
 */
export function metricsRoutes(metrics: Metrics, token: string): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const header = c.req.header('authorization');
    const given = readBearerToken(header);
    if (given === null || !sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ detail: header ? METRICS_TEXTS.invalid : METRICS_TEXTS.required }, 401);
    }
    const text = await metrics.registry.metrics();
    return c.body(text, 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
