import type { OutboxRow, ReplicaDb } from '../../db/schema';
import { OUTBOX_TABLES } from './enqueue';
import type { HttpClient } from '../../api/http';
import { NetworkError } from '../../api/http';
import { releaseDeferred } from '../pull/settle';
import { specOf } from './mutations';

// The queue of offline mutations (ARCHITECTURE "Outbox"). A mutation's local effect and its outbox
// row are written in one transaction, so neither exists without the other. The leader sends them
// strictly in order, each with its id as Idempotency-Key, so a resend after a lost answer is harmless.

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;

/** Capped exponential backoff with jitter (half to full), so many phones do not retry in step. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export type FlushResult =
  | { state: 'idle' }
  | { state: 'waiting'; until: number }
  | { state: 'paused'; reason: 'signed-out' | 'unauthorized' }
  | { state: 'offline' };

export interface FlushDeps {
  db: ReplicaDb;
  http: HttpClient;
  token: string | null;
  userId: number | null;
  now?: () => number;
  random?: () => number;
}

/**
 * Sends queued mutations in order until the queue is empty or one must wait. A network error or a
 * 5xx keeps it queued with a backoff; a 401 pauses the queue until the next login (nothing is
 * dropped); any other 4xx rolls the mutation back, records why, and lets the queue move on.
 */
export async function flushOutbox({
  db,
  http,
  token,
  userId,
  now = Date.now,
  random,
}: FlushDeps): Promise<FlushResult> {
  for (;;) {
    const first = await db.outbox.orderBy('seq').first();
    if (!first) return { state: 'idle' };
    if (!token || userId === null || first.userId !== userId)
      return { state: 'paused', reason: 'signed-out' };
    if (first.nextAttemptAt > now()) return { state: 'waiting', until: first.nextAttemptAt };

    // The row is marked sent in the transaction that reads the payload about to go out, so an edit
    // of a queued row (deleteTours) either lands before this read or sees the mark and leaves it be.
    const row = await markSent(db, first.seq as number);
    if (!row) continue;
    const spec = specOf(row.kind);
    const request = spec.request(row.payload as never, row.userId);
    let answer;
    try {
      answer = await http.request(request.method, request.path, {
        body: request.body,
        token,
        idempotencyKey: row.id,
      });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await retryLater(db, row, 'Нет соединения с сервером', now(), random);
      return { state: 'offline' };
    }
    if (answer.ok) {
      await settle(db, row, async () => spec.acknowledge(db, row.payload as never, answer.data));
      continue;
    }
    if (answer.status === 401) return { state: 'paused', reason: 'unauthorized' };
    if (answer.status >= 500 || answer.status === 429 || answer.status === 408) {
      await retryLater(db, row, answer.errorText ?? `Ошибка сервера ${answer.status}`, now(), random);
      return { state: 'waiting', until: now() + backoffDelay(row.attempts + 1, random) };
    }
    const reason = answer.errorText ?? `Запрос отклонён (${answer.status})`;
    await settle(db, row, async () => {
      await spec.rollback(db, row.payload as never, row.undo);
      await db.rejections.put({
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        reason,
        at: now(),
        seen: 0,
      });
    });
  }
}

async function markSent(db: ReplicaDb, seq: number): Promise<OutboxRow | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (row && !row.sent) await db.outbox.update(seq, { sent: 1 });
    return row;
  });
}

async function retryLater(db: ReplicaDb, row: OutboxRow, error: string, now: number, random?: () => number) {
  const attempts = row.attempts + 1;
  await db.outbox.update(row.seq as number, {
    attempts,
    lastError: error,
    nextAttemptAt: now + backoffDelay(attempts, random),
  });
}

/** Removes the outbox row together with its acknowledgement or rollback, then releases held changes. */
async function settle(db: ReplicaDb, row: OutboxRow, effect: () => Promise<void>): Promise<void> {
  const spec = specOf(row.kind);
  await db.transaction('rw', [...OUTBOX_TABLES], async () => {
    const still = await db.outbox.get(row.seq as number);
    if (!still) return;
    await effect();
    await db.outbox.delete(row.seq as number);
    for (const touch of spec.touches(row.payload as never))
      await releaseDeferred(db, touch.collection, touch.key);
  });
}

/** Makes every queued mutation due now (the network is back, or the app came to the foreground). */
export async function wakeOutbox(db: ReplicaDb, now = Date.now()): Promise<void> {
  await db.outbox.toCollection().modify({ nextAttemptAt: now });
}
