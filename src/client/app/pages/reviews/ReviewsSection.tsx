import './reviews.css';
import './reviews-list.css';
import { useState } from 'react';
import type { EntityId, User } from '../../../../domain/types';
import { MAX_HIDE_REASON } from '../../../../domain/review-rules';
import { hideReview, unhideReview } from '../../../commands/reviews';
import { formatAverage, ratingBreakdown } from '../../../db/queries/ratings';
import type { ReviewRow } from '../../../db/queries/reviews';
import { useOnline } from '../../hooks/online';
import { useReplica } from '../../hooks/replica';
import { useExcursionReviews } from './hooks';
import { ReviewItem } from './ReviewItem';
import { REVIEWS as TEXT, reviewsCount } from './strings';

/**
 * The excursion page's reviews: the average, the count, how the stars are spread, and the reviews
 * newest first. A live query on the replica, so a review that arrives by sync shows without a reload.
 * Nothing at all while there are none. An admin also sees hidden reviews, with 'Показать', and may
 * hide any other; a review's author sees their own hidden one and why.
 */
export function ReviewsSection({
  excursionId,
  user,
}: {
  excursionId: EntityId;
  user: User | null | undefined;
}) {
  const reviews = useExcursionReviews(excursionId);
  const admin = user?.role === 'admin';
  // The replica holds hidden reviews only for their author and for admins; the rest see them gone.
  const shown = reviews?.filter((review) => review.hidden === null || admin || review.authorID === user?.id);
  const summary = reviews && ratingBreakdown(reviews);
  if (!shown || shown.length === 0) return null;
  return (
    <section className="excursion-section reviews-section" aria-labelledby="excursion-reviews">
      <h2 id="excursion-reviews">{TEXT.title}</h2>
      {summary && (
        <div className="reviews-summary">
          <p className="reviews-average">
            <strong aria-label={TEXT.average(formatAverage(summary.average))}>
              {formatAverage(summary.average)}
            </strong>
            <span className="reviews-count">{reviewsCount(summary.count)}</span>
          </p>
          <ul className="reviews-bars" aria-label={TEXT.distribution}>
            {summary.stars.map(({ rating, count }) => (
              <li key={rating}>
                <span className="reviews-bar-label" aria-hidden="true">
                  {rating} ★
                </span>
                <meter
                  className="reviews-bar"
                  min={0}
                  max={summary.count}
                  value={count}
                  aria-label={TEXT.bar(rating, count)}
                />
                <span className="reviews-bar-count" aria-hidden="true">
                  {count}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="reviews-list" aria-label={TEXT.list}>
        {shown.map((review) => (
          <li key={review._id}>
            <ReviewItem review={review}>{admin && <AdminActions review={review} />}</ReviewItem>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An admin's 'Скрыть' (with a reason) and 'Показать': online calls; offline they say so. */
function AdminActions({ review }: { review: ReviewRow }) {
  const db = useReplica();
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => ReturnType<typeof unhideReview>, offline: string, failed: string) => {
    setBusy(true);
    setError(null);
    const outcome = await work();
    setBusy(false);
    if (outcome.ok) {
      setAsking(false);
      setReason('');
    } else setError(outcome.offline ? offline : (outcome.error ?? failed));
  };

  return (
    <div className="review-actions">
      {review.hidden ? (
        <button
          type="button"
          className="review-action"
          disabled={busy}
          onClick={() =>
            void run(
              () => unhideReview({ db }, review._id, crypto.randomUUID()),
              TEXT.showOffline,
              TEXT.showFailed,
            )
          }
        >
          {TEXT.show}
        </button>
      ) : asking ? (
        <form
          className="review-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() === '') return;
            void run(
              () => hideReview({ db }, review._id, reason.trim(), crypto.randomUUID()),
              TEXT.hideOffline,
              TEXT.hideFailed,
            );
          }}
        >
          <label>
            <span>{TEXT.hideReason}</span>
            <input
              value={reason}
              maxLength={MAX_HIDE_REASON}
              required
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <div className="review-inline-buttons">
            <button type="submit" className="button" disabled={busy || reason.trim() === ''}>
              {busy ? TEXT.working : TEXT.hideConfirm}
            </button>
            <button type="button" className="review-action" onClick={() => setAsking(false)}>
              {TEXT.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="review-action" onClick={() => setAsking(true)}>
          {TEXT.hide}
        </button>
      )}
      {!online && <p className="review-photos-note">{review.hidden ? TEXT.showOffline : TEXT.hideOffline}</p>}
      {error && (
        <p className="review-note review-note-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
