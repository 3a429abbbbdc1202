import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServiceError } from '../services/errors';
import { type Refusal } from '../services/errors';

export { ServiceError, badRequest, notFound } from '../services/errors';

/** The status each refusal answers with. */
export const REFUSAL_STATUS: Record<Refusal, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  failedDependency: 424,
  tooMany: 429,
};

/** The status a refusal answers with. */
export function statusOf(error: ServiceError): ContentfulStatusCode {
  return REFUSAL_STATUS[error.refusal];
}

/**
 * The refusal's body. A call whose spec field is `message` (the tour calls) gets `detail` too, the
 * field of every other call, so a client reading either shows the reason.
 */
export function errorResponse(c: Context, error: ServiceError): Response {
  const body =
    error.field === 'message' ? { message: error.message, detail: error.message } : { detail: error.message };
  return c.json(body, statusOf(error));
}
