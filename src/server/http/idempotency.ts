import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_KEY_HEADER } from '../../protocol/headers';
import { idempotencyKeySchema } from '../../protocol/http';
import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import type { AppDeps } from './deps';
import { HttpError } from './errors';

export const IDEMPOTENCY_TEXTS = {
  badKey: 'Некорректный ключ Idempotency-Key',
  reused: 'Этот ключ Idempotency-Key уже использован для другого запроса',
} as const;

export interface MutationResult {
  status: ContentfulStatusCode;
  body: unknown;
  /** Announced after the transaction commits, and only the first time. */
  events: ServerEvent[];
}

interface Stored {
  method: string;
  path: string;
  status: number;
  body: unknown;
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
  deps: AppDeps,
  userId: number,
  field: 'detail' | 'message',
  write: (tx: Queryable) => Promise<MutationResult>,
): Promise<Response> {
  const { status, body } = await runMutationOnce(c, deps, userId, field, write);
  return c.json(body as object, status);
}

/** runMutation's answer before it becomes a response: for routes that add to it (the payment token). */
export async function runMutationOnce(
  c: Context,
  deps: AppDeps,
  userId: number,
  field: 'detail' | 'message',
  write: (tx: Queryable) => Promise<MutationResult>,
): Promise<{ status: ContentfulStatusCode; body: unknown; replayed: boolean }> {
  const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (header !== undefined && !idempotencyKeySchema.safeParse(header).success) {
    throw new HttpError(400, IDEMPOTENCY_TEXTS.badKey, field);
  }
  const key = header?.toLowerCase();
  const request = { method: c.req.method, path: c.req.path };

  type Outcome = { replay: Stored } | { result: MutationResult };
  const attempt = () =>
    deps.db.transaction(async (tx): Promise<Outcome> => {
      if (key) {
        const stored = await readStored(tx, userId, key);
        if (stored) return { replay: stored };
      }
      const result = await write(tx);
      if (key) {
        const inserted = await tx.query(
          `INSERT INTO idempotency_keys (user_id, key, method, path, status, body) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING RETURNING 1`,
          [userId, key, request.method, request.path, result.status, JSON.stringify(result.body)],
        );
        if (inserted.length === 0) throw new LostRace();
      }
      return { result };
    });

  let outcome: Outcome;
  try {
    outcome = await attempt();
  } catch (error) {
    if (!(error instanceof LostRace) || !key) throw error;
    const stored = await readStored(deps.db, userId, key);
    if (!stored) throw error;
    outcome = { replay: stored };
  }

  if ('replay' in outcome) {
    const { replay } = outcome;
    if (replay.method !== request.method || replay.path !== request.path) {
      throw new HttpError(422, IDEMPOTENCY_TEXTS.reused, field);
    }
    return { status: replay.status as ContentfulStatusCode, body: replay.body, replayed: true };
  }
  deps.events.publish(outcome.result.events);
  return { status: outcome.result.status, body: outcome.result.body, replayed: false };
}

async function readStored(db: Queryable, userId: number, key: string): Promise<Stored | null> {
  const rows = await db.query<Stored>(
    'SELECT method, path, status, body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return rows[0] ?? null;
}
