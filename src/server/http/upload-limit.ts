import type { Context, MiddlewareHandler } from 'hono';
import { hitRateLimit, RATE_RULES } from '../services/rate-limit';
import { optionalPrincipal } from './auth';
import type { AppDeps } from './deps';
import { ServiceError } from './errors';

// Every uploaded photo is decoded and re-encoded (media/images.ts), which costs far more than any
// other request: one account sending large photos in a loop slows everyone. So each account may send
// a few requests carrying files a minute (RATE_RULES.uploadsPerAccount, counted in the database so
// every server process shares the count); past that it is answered 429 before any file is decoded.

export const UPLOAD_LIMIT_TEXTS = {
  tooMany: 'Слишком много загрузок, попробуйте через минуту',
} as const;

/** Requests carrying files one account may send a minute. */
export const UPLOADS_PER_MINUTE = RATE_RULES.uploadsPerAccount.limit;

/** Whether the request's form has at least one file part; a body that is not a form has none. */
async function carriesFiles(c: Context): Promise<boolean> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) return false;
  try {
    // Hono keeps the parsed form, so the route reads it again without reading the body twice.
    const form = await c.req.parseBody({ all: true });
    return Object.values(form).some((value) => [value].flat().some((part) => part instanceof File));
  } catch {
    // A malformed form is the route's to refuse, with its own message.
    return false;
  }
}

/**
 * Middleware for the upload routes, after their body-size limit: counts a request carrying files
 * against its account and answers 429 {detail} past the limit. A request without a valid token goes
 * on uncounted, for the route to refuse as it always does; so does an edit that sends no files.
 */
export function uploadLimit(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const principal = await optionalPrincipal(c, deps).catch((error: unknown) => {
      if (error instanceof ServiceError) return null;
      throw error;
    });
    if (principal && (await carriesFiles(c))) {
      try {
        await hitRateLimit(deps.db, RATE_RULES.uploadsPerAccount, String(principal.id), deps.now());
      } catch (error) {
        if (error instanceof ServiceError && error.refusal === 'tooMany') {
          const retryAfter = String(Math.ceil(RATE_RULES.uploadsPerAccount.windowMs / 1000));
          return c.json({ detail: UPLOAD_LIMIT_TEXTS.tooMany }, 429, { 'Retry-After': retryAfter });
        }
        throw error;
      }
    }
    await next();
  };
}
