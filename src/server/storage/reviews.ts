import { reviewEditableUntil } from '../../domain/review-rules';
import type { Review } from '../../protocol/reviews';
import type { Change } from '../../protocol/sync';
import type { Queryable } from './db';
import { TICKET_SLOT } from './tickets';

// Verified reviews (protocol/reviews.ts): one row per ticket in `reviews` (migration 0022). A review's
// replicated row is its table row alone, so the sync pull reads one version range of one table.

export interface ReviewRow {
  ticket_id: string;
  excursion_id: string;
  author_id: number;
  author_name: string;
  trip_date: string;
  rating: number;
  text: string;
  photos: string[];
  created_at: Date | string;
  updated_at: Date | string;
  reply: string | null;
  reply_at: Date | string | null;
  hidden_reason: string | null;
  hidden_at: Date | string | null;
  version: number;
}

const REVIEW_COLUMNS = `r.ticket_id, r.excursion_id, r.author_id, r.author_name, r.trip_date, r.rating, r.text,
  r.photos, r.created_at, r.updated_at, r.reply, r.reply_at, r.hidden_reason, r.hidden_at, r.version`;

const iso = (value: Date | string): string => new Date(value).toISOString();

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.ticket_id,
    excursionID: row.excursion_id,
    authorID: row.author_id,
    authorName: row.author_name,
    tripDate: row.trip_date,
    rating: row.rating,
    text: row.text,
    photos: row.photos,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    editableUntil: reviewEditableUntil(row.created_at).toISOString(),
    reply: row.reply !== null && row.reply_at !== null ? { text: row.reply, at: iso(row.reply_at) } : null,
    hidden:
      row.hidden_reason !== null && row.hidden_at !== null
        ? { reason: row.hidden_reason, at: iso(row.hidden_at) }
        : null,
  };
}

/** A review by its ticket's id; `lock` holds it until the transaction ends. */
export async function readReview(
  db: Queryable,
  ticketId: string,
  lock = false,
): Promise<ReviewRow | undefined> {
  const [row] = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.ticket_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [ticketId],
  );
  return row;
}

/** What the rules of writing a review read of its ticket. */
export interface ReviewTicketRow {
  id: string;
  user_id: number;
  status: string;
  checked_in_at: Date | string | null;
  /** The departure: the tour's, or the slot a ticket of a cancelled departure kept. */
  date: string | null;
  time: string | null;
  excursion_id: string | null;
  /** Null when the excursion is gone. */
  duration: string | null;
  owner_id: number | null;
}

/**
 * The ticket with its departure and excursion, locked: every write of its review takes this lock
 * first, so two writes of one ticket's review (a phone's replay racing its first send) run one after
 * the other and the second sees the first's row.
 */
export async function lockReviewTicket(
  tx: Queryable,
  ticketId: string,
): Promise<ReviewTicketRow | undefined> {
  const [row] = await tx.query<ReviewTicketRow>(
    `SELECT k.id, k.user_id, k.status, k.checked_in_at, m.date, m.time, m.excursion_id, e.duration, e.owner_id
     FROM tickets k ${TICKET_SLOT}
     LEFT JOIN excursions e ON e.id = m.excursion_id
     WHERE k.id = $1 FOR UPDATE OF k`,
    [ticketId],
  );
  return row;
}

/** The review with its excursion's owner, for the seller's reply and the admin's hiding. */
export async function lockReviewWithOwner(
  tx: Queryable,
  ticketId: string,
): Promise<(ReviewRow & { owner_id: number }) | undefined> {
  const [row] = await tx.query<ReviewRow & { owner_id: number }>(
    `SELECT ${REVIEW_COLUMNS}, e.owner_id FROM reviews r JOIN excursions e ON e.id = r.excursion_id
     WHERE r.ticket_id = $1 FOR UPDATE OF r`,
    [ticketId],
  );
  return row;
}

/** A user's first name and surname, for the review's public name. */
export async function authorNames(
  db: Queryable,
  userId: number,
): Promise<{ name: string; surname: string } | undefined> {
  const [row] = await db.query<{ name: string; surname: string }>(
    'SELECT name, surname FROM users WHERE id = $1',
    [userId],
  );
  return row;
}

export interface NewReview {
  ticketId: string;
  excursionId: string;
  authorId: number;
  authorName: string;
  tripDate: string;
  rating: number;
  text: string;
  at: Date;
}

export async function insertReview(tx: Queryable, review: NewReview): Promise<ReviewRow> {
  const [row] = await tx.query<ReviewRow>(
    `INSERT INTO reviews AS r (ticket_id, excursion_id, author_id, author_name, trip_date, rating, text,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $8)
     RETURNING ${REVIEW_COLUMNS}`,
    [
      review.ticketId,
      review.excursionId,
      review.authorId,
      review.authorName,
      review.tripDate,
      review.rating,
      review.text,
      review.at.toISOString(),
    ],
  );
  return row as ReviewRow;
}

/** The author's edit of the rating and text; the public name follows the profile as it is now. */
export async function updateReviewContent(
  tx: Queryable,
  ticketId: string,
  edit: { rating: number; text: string; authorName: string; at: Date },
): Promise<ReviewRow> {
  const [row] = await tx.query<ReviewRow>(
    `UPDATE reviews r SET rating = $2, text = $3, author_name = $4, updated_at = $5
     WHERE r.ticket_id = $1 RETURNING ${REVIEW_COLUMNS}`,
    [ticketId, edit.rating, edit.text, edit.authorName, edit.at.toISOString()],
  );
  return row as ReviewRow;
}

export async function setReviewPhotos(
  tx: Queryable,
  ticketId: string,
  photos: readonly string[],
  at: Date,
): Promise<ReviewRow> {
  const [row] = await tx.query<ReviewRow>(
    `UPDATE reviews r SET photos = $2::text[], updated_at = $3 WHERE r.ticket_id = $1
     RETURNING ${REVIEW_COLUMNS}`,
    [ticketId, photos, at.toISOString()],
  );
  return row as ReviewRow;
}

export async function setReviewReply(
  tx: Queryable,
  ticketId: string,
  text: string,
  at: Date,
): Promise<ReviewRow> {
  const [row] = await tx.query<ReviewRow>(
    `UPDATE reviews r SET reply = $2, reply_at = $3 WHERE r.ticket_id = $1 RETURNING ${REVIEW_COLUMNS}`,
    [ticketId, text, at.toISOString()],
  );
  return row as ReviewRow;
}

/** Hides the review with `reason`, or shows it again with null. */
export async function setReviewHidden(
  tx: Queryable,
  ticketId: string,
  reason: string | null,
  at: Date,
): Promise<ReviewRow> {
  const [row] = await tx.query<ReviewRow>(
    `UPDATE reviews r SET hidden_reason = $2::text, hidden_at = CASE WHEN $2::text IS NULL THEN NULL ELSE $3::timestamptz END
     WHERE r.ticket_id = $1 RETURNING ${REVIEW_COLUMNS}`,
    [ticketId, reason, at.toISOString()],
  );
  return row as ReviewRow;
}

export interface ReviewRange {
  after: number;
  upTo: number;
  limit: number;
  /** A first sync: no deletions to send, so hidden reviews the caller may not see are left out. */
  full: boolean;
  userId: number | null;
  admin: boolean;
}

/**
 * The reviews changed in (after, upTo], one version-index range. A hidden review goes to its author
 * and to admins as it is (with `hidden`); to everyone else it is a deletion, so a replica that held
 * it while it was shown drops it.
 */
export async function readReviewChanges(db: Queryable, q: ReviewRange): Promise<Change[]> {
  const publicOnly = q.full && !q.admin;
  const rows = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.version > $1 AND r.version <= $2
       ${publicOnly ? 'AND (r.hidden_at IS NULL OR r.author_id = $4)' : ''}
     ORDER BY r.version LIMIT $3`,
    publicOnly ? [q.after, q.upTo, q.limit, q.userId ?? -1] : [q.after, q.upTo, q.limit],
  );
  return rows.map((row): Change =>
    row.hidden_at === null || q.admin || row.author_id === q.userId
      ? { collection: 'reviews', op: 'put', version: row.version, row: toReview(row) }
      : { collection: 'reviews', op: 'delete', version: row.version, id: row.ticket_id },
  );
}
