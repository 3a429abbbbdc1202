// Verified reviews of excursions: only a ticket holder who went may write one, one per ticket.
//
// A review is keyed by its ticket's id (`_id` = ticketID): one review per ticket, so a phone can write
// it offline, queued in the outbox, with no id of its own to reconcile, and a replay writes the same row.
//
// PUT    /api/tickets/{ticketId}/review           the ticket's owner, Idempotency-Key, ReviewWriteRequest:
//                                                  creates the review or edits it (editable for
//                                                  REVIEW_EDIT_DAYS after it was first written); answers
//                                                  the Review (201 created, 200 edited)
// POST   /api/tickets/{ticketId}/review/photos    the owner, Idempotency-Key, multipart `photos` (1..n
//                                                  files, the upload checks of excursion photos); adds
//                                                  them (at most MAX_REVIEW_PHOTOS in all); answers the Review
// DELETE /api/tickets/{ticketId}/review/photos/{photo}   the owner, Idempotency-Key: removes one; answers the Review
// POST   /api/reviews/{id}/reply                   the excursion's seller (owner), Idempotency-Key,
//                                                  {text}: once (a second reply is 409); answers the Review
// POST   /api/reviews/{id}/hide                    admin, Idempotency-Key, {reason}: hidden from the
//                                                  public, its author sees it hidden and why; answers the Review
// POST   /api/reviews/{id}/unhide                  admin, Idempotency-Key: shown again; answers the Review
//
// Who may write: the ticket's owner, for a ticket that is paid ('confirmed') and either checked in or
// whose departure has ended (departure + the excursion's duration, domain/trip-time.ts). Refused with
// 4xx {detail} (REVIEW_TEXTS on the server): someone else's ticket (403), before the trip (409), a
// cancelled or unpaid ticket (409), an edit after the window (409), a rating outside 1..5 or a text
// too long (400).
//
// Replication: the public sync collection 'reviews' (protocol/sync.ts): every visible review, to
// everyone; a hidden one only to its author and to admins (to the rest it is a delete). A review's
// change is announced as an EXCURSION_UPDATE of its excursion without a row, so open apps pull it.
import { z } from 'zod';
import {
  MAX_HIDE_REASON,
  MAX_RATING,
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_REPLY,
  MAX_REVIEW_TEXT,
  MIN_RATING,
  REVIEW_EDIT_DAYS,
} from '../domain/review-rules';
import { entityIdSchema, intIdSchema, isoDateSchema, mediaIdSchema } from './primitives';

export {
  MAX_HIDE_REASON,
  MAX_RATING,
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_REPLY,
  MAX_REVIEW_TEXT,
  MIN_RATING,
  REVIEW_EDIT_DAYS,
};

export const ratingSchema = z
  .int({ error: 'оценка — целое число от 1 до 5' })
  .min(MIN_RATING, { error: 'оценка — целое число от 1 до 5' })
  .max(MAX_RATING, { error: 'оценка — целое число от 1 до 5' });

export const reviewSchema = z.object({
  /** The ticket's id: one review per ticket. */
  _id: entityIdSchema,
  excursionID: entityIdSchema,
  authorID: intIdSchema,
  /** The author as the public sees them: first name and the surname's initial ('Анна К.'). */
  authorName: z.string().max(120),
  /** The departure's date the author went on. */
  tripDate: isoDateSchema,
  rating: ratingSchema,
  /** Plain text; the app renders it as text, never as HTML. May be empty (a rating alone). */
  text: z.string().max(MAX_REVIEW_TEXT),
  photos: z.array(mediaIdSchema).max(MAX_REVIEW_PHOTOS),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when the author may edit it (createdAt + REVIEW_EDIT_DAYS). */
  editableUntil: z.string(),
  /** The seller's one reply. */
  reply: z.object({ text: z.string().min(1).max(MAX_REVIEW_REPLY), at: z.string() }).nullable(),
  /** Set while an admin hides it; only its author and admins receive a hidden review. */
  hidden: z.object({ reason: z.string().min(1).max(MAX_HIDE_REASON), at: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** PUT /api/tickets/{ticketId}/review body. */
export const reviewWriteRequestSchema = z.object({
  rating: ratingSchema,
  text: z
    .string()
    .max(MAX_REVIEW_TEXT)
    .transform((text) => text.trim()),
});
export type ReviewWriteRequest = z.output<typeof reviewWriteRequestSchema>;

/** POST /api/reviews/{id}/reply body. */
export const reviewReplyRequestSchema = z.object({
  text: z.string().trim().min(1).max(MAX_REVIEW_REPLY),
});

/** POST /api/reviews/{id}/hide body. */
export const reviewHideRequestSchema = z.object({
  reason: z.string().trim().min(1).max(MAX_HIDE_REASON),
});
