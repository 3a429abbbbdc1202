import '../../zod-config';
import { reviewEditableUntil } from '../../../domain/review-rules';
import { reviewSchema, type Review } from '../../../protocol/reviews';
import type { Replicated } from '../../db/schema';
import type { MutationSpec } from './mutations';

// A traveller's review (rating and text), written offline and queued. It is keyed by its ticket's id,
// so the optimistic row and the server's row are the same row and a replay writes the same review.
// The replica shows it at once, marked pending; the server's answer replaces it; a refusal (the trip
// not over, the edit window closed) puts back what was there and the reason is kept in `rejections`.

export interface ReviewSavePayload {
  ticketId: string;
  rating: number;
  text: string;
  /** What the optimistic row of a first review needs and the request does not carry. */
  draft: {
    excursionID: string;
    authorID: number;
    authorName: string;
    tripDate: string;
    /** When the phone wrote it (an ISO instant): the optimistic createdAt and updatedAt. */
    at: string;
  };
}

const bump = (pending: number | undefined, by: number) => {
  const next = (pending ?? 0) + by;
  return next > 0 ? next : undefined;
};

export const reviewSave: MutationSpec<ReviewSavePayload> = {
  async apply(db, { ticketId, rating, text, draft }) {
    const before = await db.reviews.get(ticketId);
    const base: Replicated<Review> = before ?? {
      _id: ticketId,
      excursionID: draft.excursionID,
      authorID: draft.authorID,
      authorName: draft.authorName,
      tripDate: draft.tripDate,
      rating,
      text,
      photos: [],
      createdAt: draft.at,
      updatedAt: draft.at,
      editableUntil: reviewEditableUntil(draft.at).toISOString(),
      reply: null,
      hidden: null,
      _v: 0,
    };
    await db.reviews.put({
      ...base,
      rating,
      text: text.trim(),
      updatedAt: draft.at,
      _pending: bump(before?._pending, 1),
    });
    return before ?? null;
  },
  request: ({ ticketId, rating, text }) => ({
    method: 'PUT',
    path: `/api/tickets/${encodeURIComponent(ticketId)}/review`,
    body: { rating, text },
  }),
  async acknowledge(db, { ticketId }, data) {
    const row = await db.reviews.get(ticketId);
    if (!row) return;
    const pending = bump(row._pending, -1);
    const answer = reviewSchema.safeParse(data);
    // The server's copy wins unless a later edit is still queued. Its version stays the held one:
    // the pull (or the change held in `deferred`) brings the real version and replaces it.
    if (!pending && answer.success) await db.reviews.put({ ...answer.data, _v: row._v });
    else await db.reviews.put({ ...row, _pending: pending });
  },
  async rollback(db, { ticketId }, undo) {
    const row = await db.reviews.get(ticketId);
    const pending = bump(row?._pending, -1);
    const previous = undo as Replicated<Review> | null;
    // A later edit of the same review is still queued; it decides what stays.
    if (pending) {
      if (row) await db.reviews.put({ ...row, _pending: pending });
    } else if (previous) await db.reviews.put({ ...previous, _pending: undefined });
    else await db.reviews.delete(ticketId);
  },
  touches: ({ ticketId }) => [{ collection: 'reviews', key: ticketId }],
};
