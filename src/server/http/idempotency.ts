import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_KEY_HEADER } from '../../protocol/headers';
import { idempotencyKeySchema } from '../../protocol/http';
import { ServiceError } from '../services/errors';
import type { MutationResult, Stored } from '../services/mutation';
import type { Metrics } from '../metrics';
import type { EventBus } from '../realtime/events';
import type { Db, Queryable, TransactionOptions } from '../storage/db';
import { insertStored, readStored } from '../storage/idempotency';

export const IDEMPOTENCY_TEXTS = {
  badKey: 'Некорректный ключ Idempotency-Key',
  reused: 'Этот ключ Idempotency-Key уже использован для другого запроса',
} as const;

/** What the runner uses of the app's deps. */
export interface MutationDeps {
  db: Db;
  events: Pick<EventBus, 'publish'>;
  metrics?: Pick<Metrics, 'outboxReplaysRefused'>;
}

/** Thrown inside the transaction when a concurrent request with the same key committed first. */
class LostRace extends Error {}

/**
 * Runs a write in one transaction. With an Idempotency-Key (the outbox always sends one), the answer
 * is stored with the write, in the same transaction, and a replay gets that answer back without
 * writing again: a request whose answer was lost on a flaky network is safe to send twice.
 */
export async function runMutation(
  c: Context,
  deps: MutationDeps,
  userId: number,
  field: 'detail' | 'message',
  write: (tx: Queryable) => Promise<MutationResult>,
  options?: TransactionOptions,
): Promise<Response> {
  const { status, body } = await runMutationOnce(c, deps, userId, field, write, options);
  return c.json(body as object, status);
}

/** runMutation's answer before it becomes a response: for routes that add to it (the payment token). */
export async function runMutationOnce(
  c: Context,
  deps: MutationDeps,
  userId: number,
  field: 'detail' | 'message',
  write: (tx: Queryable) => Promise<MutationResult>,
  /** How the transaction opens (a booking bounds its lock waits with BEGIN). */
  options?: TransactionOptions,
): Promise<{ status: ContentfulStatusCode; body: unknown; replayed: boolean }> {
  const key = idempotencyKeyOf(c);
  if (key === null) throw new ServiceError('invalid', IDEMPOTENCY_TEXTS.badKey, field);
  const request = { method: c.req.method, path: c.req.path, hash: key ? await requestHashOf(c) : null };

  type Outcome = { replay: Stored } | { result: MutationResult };
  const attempt = () =>
    deps.db.transaction(async (tx): Promise<Outcome> => {
      if (key) {
        const stored = await readStored(tx, userId, key);
        if (stored) return { replay: stored };
      }
      const result = await write(tx);
      if (key) {
        const inserted = await insertStored(tx, userId, key, {
          method: request.method,
          path: request.path,
          requestHash: request.hash,
          status: result.status,
          body: result.body,
        });
        if (!inserted) throw new LostRace();
      }
      return { result };
    }, options);

  let outcome: Outcome;
  try {
    outcome = await attempt();
  } catch (error) {
    if (!(error instanceof LostRace) || !key) throw error;
    const stored = await readStored(deps.db, userId, key);
    if (!stored) throw error;
    outcome = { replay: stored };
  }

  if ('replay' in outcome) return replayOf(c, outcome.replay, field, request.hash, deps.metrics);
  deps.events.publish(outcome.result.events);
  return { status: outcome.result.status, body: outcome.result.body, replayed: false };
}

/** The request's Idempotency-Key, lower-cased: undefined without one, null for a malformed one. */
export function idempotencyKeyOf(c: Context): string | undefined | null {
  const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (header === undefined) return undefined;
  return idempotencyKeySchema.safeParse(header).success ? header.toLowerCase() : null;
}

/**
 * A digest of what the request asks: its method, path and body. A JSON body counts as sent, byte
 * for byte (the outbox sends a row's payload the same way each time). A multipart body is told by
 * its fields and files instead: its boundary is chosen anew on every send of the same form.
 */
export async function requestHashOf(c: Context): Promise<string> {
  const hash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`);
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    for (const [name, value] of await c.req.formData()) {
      if (typeof value === 'string') {
        hash.update(JSON.stringify(['text', name, value]));
      } else {
        hash.update(JSON.stringify(['file', name, value.name, value.type, value.size]));
        hash.update(new Uint8Array(await value.arrayBuffer()));
      }
    }
  } else {
    hash.update(await c.req.text());
  }
  return hash.digest('base64url');
}

/**
 * A stored answer given again. A key first used for another request (another method, path or body)
 * is refused, as Stripe refuses it: answering the first request's answer would tell the client its
 * second request succeeded when nothing of it was done. A row stored without a hash is judged by
 * its method and path.
 */
export function replayOf(
  c: Context,
  stored: Stored,
  field: 'detail' | 'message',
  requestHash: string | null,
  /** Counts the refusal (outbox_replays_refused_total). */
  metrics?: Pick<Metrics, 'outboxReplaysRefused'>,
): { status: ContentfulStatusCode; body: unknown; replayed: true } {
  const otherRequest =
    stored.method !== c.req.method ||
    stored.path !== c.req.path ||
    (stored.request_hash != null && stored.request_hash !== requestHash);
  if (otherRequest) {
    metrics?.outboxReplaysRefused.inc();
    throw new ServiceError('unprocessable', IDEMPOTENCY_TEXTS.reused, field);
  }
  return { status: stored.status as ContentfulStatusCode, body: stored.body, replayed: true };
}
