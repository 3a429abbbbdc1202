/**
 * Why a call is refused, in the service's terms; http/errors.ts maps each reason to its status, so
 * no service knows about HTTP.
 */
export type Refusal =
  | 'invalid'
  | 'unauthenticated'
  | 'paymentRequired'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'unprocessable'
  | 'failedDependency'
  | 'tooMany';

/**
 * A refusal the caller should see, with its Russian text. SPEC §7 names the error field per
 * resource: `detail` for auth, users, uploads and most calls, `message` for tours.
 */
export class ServiceError extends Error {
  constructor(
    readonly refusal: Refusal,
    message: string,
    readonly field: 'detail' | 'message' = 'detail',
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export function notFound(text: string, field: 'detail' | 'message' = 'detail'): ServiceError {
  return new ServiceError('notFound', text, field);
}

export function badRequest(text: string, field: 'detail' | 'message' = 'detail'): ServiceError {
  return new ServiceError('invalid', text, field);
}
