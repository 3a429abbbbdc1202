import type { ModerationEvent, ReviewQueueRow } from '../../protocol/moderation';
import { replicaExcursion, type Change } from '../../protocol/sync';
import { EXCURSION_SELECT, toExcursion } from './catalogue';
import type { Queryable } from './db';
import { moderationHistories } from './moderation';
import {
  proposedRow,
  REV_SELECT,
  revisionOfRow,
  sellerOfRevisionRow,
  type QueuedRevisionRow,
} from './revisions';

// An admin's replicated review queues (the sync collection 'review_queue'): one row per excursion waiting
// for a decision, itself (pending) or a change to it (a pending revision). A row is built from the
// excursion, its seller and its revision, so its version is the newest of theirs; the seller counts
// only while the row is in a queue, since nothing else of the seller is in it.
//
// A pull reads the excursions whose excursion, revision or (queued) seller changed in the range: three
// version-index ranges. Of those, the ones in a queue are puts; the others, if they were ever in review
// (they have a history), are deletes: the row left the queue, or never was in the caller's replica,
// where a delete of nothing is harmless. A first sync reads the queues themselves (partial indexes).

export interface ReviewRange {
  after: number;
  upTo: number;
  limit: number;
  today: string;
  full: boolean;
}

interface ReviewSqlRow extends QueuedRevisionRow {
  /** The latest submission of the excursion itself. */
  submitted_at: Date | string;
  review_version: number;
  in_queue: boolean;
  reviewed: boolean;
}

const QUEUED = `(e.status = 'pending' OR r.status = 'pending')`;

/** The changed excursions' ids: $2 after, $3 up to (a full pull: every queued excursion). */
const candidates = (full: boolean) =>
  full
    ? `SELECT id FROM excursions WHERE status = 'pending'
       UNION SELECT excursion_id FROM excursion_revisions WHERE status = 'pending'`
    : `SELECT id FROM excursions WHERE version > $2 AND version <= $3
       UNION SELECT excursion_id FROM excursion_revisions WHERE version > $2 AND version <= $3
       UNION SELECT e.id FROM users u JOIN excursions e ON e.owner_id = u.id
         LEFT JOIN excursion_revisions r ON r.excursion_id = e.id
         WHERE u.version > $2 AND u.version <= $3 AND ${QUEUED}`;

/** Whether the excursion waits for an admin, itself or a change to it. */
export async function inReview(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.query<{ queued: boolean }>(
    `SELECT ${QUEUED} IS TRUE AS queued FROM excursions e
     LEFT JOIN excursion_revisions r ON r.excursion_id = e.id WHERE e.id = $1`,
    [id],
  );
  return row?.queued ?? false;
}

/** Whether any of the seller's excursions waits for an admin, itself or a change to it. */
export async function hasExcursionInReview(db: Queryable, ownerId: number): Promise<boolean> {
  const [row] = await db.query<{ queued: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM excursions e LEFT JOIN excursion_revisions r ON r.excursion_id = e.id
                    WHERE e.owner_id = $1 AND ${QUEUED}) AS queued`,
    [ownerId],
  );
  return row?.queued ?? false;
}

export async function readReviewQueueChanges(db: Queryable, q: ReviewRange): Promise<Change[]> {
  const version = `GREATEST(e.version, COALESCE(r.version, 0), CASE WHEN ${QUEUED} THEN u.version ELSE 0 END)`;
  const rows = await db.query<ReviewSqlRow>(
    `SELECT * FROM (
       SELECT e.*, ${REV_SELECT}, u.name AS seller_name, u.surname AS seller_surname,
              u.email AS seller_email, u.phone AS seller_phone, ${version} AS review_version,
              ${QUEUED} IS TRUE AS in_queue,
              EXISTS (SELECT 1 FROM excursion_moderation_events m WHERE m.excursion_id = e.id) AS reviewed
       FROM (${candidates(q.full)}) c
       JOIN (${EXCURSION_SELECT}) e ON e.id = c.id
       JOIN users u ON u.id = e.owner_id
       LEFT JOIN excursion_revisions r ON r.excursion_id = e.id
     ) v
     WHERE review_version > $2 AND review_version <= $3 AND (in_queue OR ${q.full ? 'false' : 'reviewed'})
     ORDER BY review_version LIMIT $4`,
    [q.today, q.after, q.upTo, q.limit],
  );
  const waiting = rows.filter((row) => row.in_queue && row.status === 'pending').map((row) => row.id);
  const histories = await moderationHistories(db, waiting);
  return rows.map((row): Change => {
    const version = Number(row.review_version);
    if (!row.in_queue) return { collection: 'review_queue', op: 'delete', version, id: row.id };
    return {
      collection: 'review_queue',
      op: 'put',
      version,
      row: reviewRow(row, histories.get(row.id) ?? []),
    };
  });
}

function reviewRow(row: ReviewSqlRow, history: ModerationEvent[]): ReviewQueueRow {
  const revision = row.rev_status === 'pending' ? revisionOfRow(row) : undefined;
  return {
    _id: row.id,
    excursion: replicaExcursion(toExcursion(row)),
    seller: sellerOfRevisionRow(row),
    submission:
      row.status === 'pending' ? { submittedAt: new Date(row.submitted_at).toISOString(), history } : null,
    revision: revision
      ? {
          submittedAt: new Date(revision.submitted_at).toISOString(),
          proposed: replicaExcursion(toExcursion(proposedRow(row, revision))),
        }
      : null,
  };
}
