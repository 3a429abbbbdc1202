import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A refusal the client should see. SPEC §7 names the error field per resource: `detail` for auth,
 * users, uploads and most calls, `message` for tours.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly field: 'detail' | 'message' = 'detail',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function notFound(text: string, field: 'detail' | 'message' = 'detail'): HttpError {
  return new HttpError(404, text, field);
}

export function badRequest(text: string, field: 'detail' | 'message' = 'detail'): HttpError {
  return new HttpError(400, text, field);
}

/**
 * The refusal's body. A call whose spec field is `message` (the tour calls) gets `detail` too, the
 * field of every other call, so a client reading either shows the reason.
 */
export function errorResponse(c: Context, error: HttpError): Response {
  const body =
    error.field === 'message' ? { message: error.message, detail: error.message } : { detail: error.message };
  return c.json(body, error.status);
}
