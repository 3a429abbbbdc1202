import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerEvent } from '../realtime/events';

// What a write hands back to the idempotent runner (http/idempotency.ts): the answer to store and
// send, and the events to announce once its transaction commits.

export interface MutationResult {
  status: ContentfulStatusCode;
  body: unknown;
  /** Announced after the transaction commits, and only the first time. */
  events: ServerEvent[];
}

export interface Stored {
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** requestHashOf the request that stored the answer; null on rows stored before it was kept. */
  request_hash?: string | null;
}

/**
 * Where the booking's one statement (book_ticket) carries the request's hash: it stores the answer's
 * JSON as given, and a trigger (migration 13) moves this field into the row's request_hash.
 */
export const STORED_HASH_FIELD = '__request_hash';
