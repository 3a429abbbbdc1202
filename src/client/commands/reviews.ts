import '../zod-config';
import { reviewSchema, type Review } from '../../protocol/reviews';
import type { ReplicaDb } from '../db/schema';
import { wantPull } from '../sync/live/nudge';
import { enqueue } from '../sync/outbox/enqueue';
import type { ReviewSavePayload } from '../sync/outbox/review';
import { call, failure, httpOf, malformed, tokenOf, type AccountDeps, type Outcome } from './online';

// Reviews (protocol/reviews.ts). The rating and text are queued like every offline change; photos,
// the seller's reply and the admin's hiding are online only: the server decides (an upload's checks,
// one reply, an admin's word), so offline the screen says so and keeps what was typed.

const seg = (value: string) => encodeURIComponent(value);

export const reviewPaths = {
  review: (ticketId: string) => `/api/tickets/${seg(ticketId)}/review`,
  photos: (ticketId: string) => `/api/tickets/${seg(ticketId)}/review/photos`,
  photo: (ticketId: string, photo: string) => `/api/tickets/${seg(ticketId)}/review/photos/${seg(photo)}`,
  reply: (id: string) => `/api/reviews/${seg(id)}/reply`,
  hide: (id: string) => `/api/reviews/${seg(id)}/hide`,
  unhide: (id: string) => `/api/reviews/${seg(id)}/unhide`,
} as const;

/** The multipart field the photos go in. */
export const REVIEW_PHOTOS_FIELD = 'photos';

/** Saves a review's rating and text: in the replica at once, on the server when it can. */
export function saveReview(db: ReplicaDb, userId: number, payload: ReviewSavePayload): Promise<string> {
  return enqueue(db, 'review.save', payload, userId);
}

/** POST the review's new photos (online only); answers the review with them. */
export function uploadReviewPhotos(
  deps: AccountDeps,
  ticketId: string,
  files: readonly File[],
  attemptKey: string,
): Promise<Outcome<Review>> {
  const form = new FormData();
  for (const file of files) form.append(REVIEW_PHOTOS_FIELD, file, file.name);
  return answerReview(deps, 'POST', reviewPaths.photos(ticketId), { form }, attemptKey);
}

/** DELETE one photo of the review (online only). */
export function removeReviewPhoto(
  deps: AccountDeps,
  ticketId: string,
  photo: string,
  attemptKey: string,
): Promise<Outcome<Review>> {
  return answerReview(deps, 'DELETE', reviewPaths.photo(ticketId, photo), {}, attemptKey);
}

/** The seller's one reply to a review of their excursion. */
export function replyToReview(
  deps: AccountDeps,
  reviewId: string,
  text: string,
  attemptKey: string,
): Promise<Outcome<Review>> {
  return answerReview(deps, 'POST', reviewPaths.reply(reviewId), { body: { text } }, attemptKey);
}

/** An admin hides a review from the public, saying why; its author sees it hidden and the reason. */
export function hideReview(
  deps: AccountDeps,
  reviewId: string,
  reason: string,
  attemptKey: string,
): Promise<Outcome<Review>> {
  return answerReview(deps, 'POST', reviewPaths.hide(reviewId), { body: { reason } }, attemptKey);
}

/** An admin shows a hidden review again. */
export function unhideReview(
  deps: AccountDeps,
  reviewId: string,
  attemptKey: string,
): Promise<Outcome<Review>> {
  return answerReview(deps, 'POST', reviewPaths.unhide(reviewId), {}, attemptKey);
}

async function answerReview(
  deps: AccountDeps,
  method: 'POST' | 'DELETE',
  path: string,
  options: { body?: unknown; form?: FormData },
  attemptKey: string,
): Promise<Outcome<Review>> {
  const token = tokenOf(deps);
  const answer = await call(() =>
    httpOf(deps).request(method, path, { ...options, token, idempotencyKey: attemptKey }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = reviewSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  await keepReview(deps.db, parsed.data);
  return { ok: true, value: parsed.data };
}

/**
 * The answer goes into the replica at once, so the screen shows the photo, the reply or the hiding
 * before the pull brings the real version and replaces it. A rating or text still queued on this
 * phone stays: it is sent after, and its answer brings the whole review.
 */
async function keepReview(db: ReplicaDb, review: Review): Promise<void> {
  await db.transaction('rw', db.reviews, async () => {
    const held = await db.reviews.get(review._id);
    if (held?._pending) {
      await db.reviews.put({
        ...review,
        rating: held.rating,
        text: held.text,
        _v: held._v,
        _pending: held._pending,
      });
    } else {
      // The held version is kept: a change newer than it still replaces this copy, an older one cannot.
      await db.reviews.put({ ...review, _v: held?._v ?? 0 });
    }
  });
  wantPull();
}
