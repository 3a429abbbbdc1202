import type { ModerationEvent, ModerationEventKind, ModerationSeller } from '../../protocol/moderation';
import { EXCURSION_SELECT, type ExcursionRow } from './catalogue';
import type { Queryable } from './db';

// The moderation history of excursions (migration 17) and the admin's queue. The queue is two
// queries whatever its length: the pending excursions with their sellers, then all their histories.

/** The queue shows at most this many excursions, the oldest submissions first. */
export const MODERATION_QUEUE_LIMIT = 200;

interface EventRow {
  excursion_id: string;
  kind: ModerationEventKind;
  reason: string;
  at: Date | string;
}

const toEvent = (row: EventRow): ModerationEvent => ({
  kind: row.kind,
  reason: row.reason,
  at: new Date(row.at).toISOString(),
});

export async function insertModerationEvent(
  tx: Queryable,
  event: { excursionId: string; kind: ModerationEventKind; reason?: string; actorId: number; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO excursion_moderation_events (excursion_id, kind, reason, actor_id, at)
     VALUES ($1, $2, $3, $4, $5)`,
    [event.excursionId, event.kind, event.reason ?? '', event.actorId, event.at.toISOString()],
  );
}

/** The excursion's history, oldest first. */
export async function moderationHistory(tx: Queryable, excursionId: string): Promise<ModerationEvent[]> {
  const rows = await tx.query<EventRow>(
    `SELECT excursion_id, kind, reason, at FROM excursion_moderation_events
     WHERE excursion_id = $1 ORDER BY at, id`,
    [excursionId],
  );
  return rows.map(toEvent);
}

/** The histories of many excursions in one query, each oldest first; an excursion without one is left out. */
export async function moderationHistories(
  tx: Queryable,
  excursionIds: string[],
): Promise<Map<string, ModerationEvent[]>> {
  const histories = new Map<string, ModerationEvent[]>();
  if (excursionIds.length === 0) return histories;
  const rows = await tx.query<EventRow>(
    `SELECT excursion_id, kind, reason, at FROM excursion_moderation_events
     WHERE excursion_id = ANY($1::text[]) ORDER BY excursion_id, at, id`,
    [excursionIds],
  );
  for (const row of rows) {
    const history = histories.get(row.excursion_id) ?? [];
    history.push(toEvent(row));
    histories.set(row.excursion_id, history);
  }
  return histories;
}

export interface QueuedExcursionRow extends ExcursionRow {
  submitted_at: Date | string;
  seller_name: string;
  seller_surname: string;
  seller_email: string;
  seller_phone: string;
}

/** Pending excursions with their sellers, the oldest submission first (excursions_moderation_queue). */
export async function listQueue(tx: Queryable, today: string): Promise<QueuedExcursionRow[]> {
  return tx.query<QueuedExcursionRow>(
    `SELECT q.*, u.name AS seller_name, u.surname AS seller_surname, u.email AS seller_email,
            u.phone AS seller_phone
     FROM (${EXCURSION_SELECT} WHERE e.status = 'pending' ORDER BY e.submitted_at, e.id LIMIT $2) q
     JOIN users u ON u.id = q.owner_id
     ORDER BY q.submitted_at, q.id`,
    [today, MODERATION_QUEUE_LIMIT],
  );
}

export const sellerOfRow = (row: QueuedExcursionRow): ModerationSeller => ({
  id: row.owner_id,
  name: row.seller_name,
  surname: row.seller_surname,
  email: row.seller_email,
  phone: row.seller_phone,
});

/** A rejected excursion back in the queue: its reason lives on in the history only. */
export async function markResubmitted(tx: Queryable, id: string, at: Date): Promise<boolean> {
  const updated = await tx.query<{ id: string }>(
    `UPDATE excursions SET status = 'pending', rejection_reason = '', submitted_at = $2
     WHERE id = $1 AND status = 'rejected' RETURNING id`,
    [id, at.toISOString()],
  );
  return updated.length > 0;
}

/** The excursion's owner, or undefined when there is no such excursion. */
export async function excursionOwner(tx: Queryable, id: string): Promise<number | undefined> {
  const [row] = await tx.query<{ owner_id: number }>('SELECT owner_id FROM excursions WHERE id = $1', [id]);
  return row?.owner_id;
}

/** Who gets a moderation e-mail: a user's address and name. */
export interface MailContact {
  email: string;
  name: string;
  surname: string;
  phone: string;
}

export async function userContact(tx: Queryable, id: number): Promise<MailContact | undefined> {
  const [row] = await tx.query<MailContact>('SELECT email, name, surname, phone FROM users WHERE id = $1', [
    id,
  ]);
  return row;
}

/** Every admin's id (users_admins), whose apps hear of a change to the review queues. */
export async function adminIds(tx: Queryable): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY id`);
  return rows.map((row) => row.id);
}

/** Every admin's address, for the news of a submission. */
export async function adminEmails(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(`SELECT email FROM users WHERE role = 'admin' ORDER BY id`);
  return rows.map((row) => row.email);
}
