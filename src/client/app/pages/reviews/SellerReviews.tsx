import './reviews.css';
import './reviews-list.css';
import { useState } from 'react';
import type { EntityId } from '../../../../domain/types';
import { MAX_REVIEW_REPLY } from '../../../../domain/review-rules';
import { replyToReview } from '../../../commands/reviews';
import { formatAverage, ratingBreakdown } from '../../../db/queries/ratings';
import type { ReviewRow } from '../../../db/queries/reviews';
import { useOnline } from '../../hooks/online';
import { useReplica } from '../../hooks/replica';
import { useExcursionReviews } from './hooks';
import { ReviewItem } from './ReviewItem';
import { REVIEWS, reviewsCount, SELLER_REVIEWS as TEXT } from './strings';

/** The seller's own excursion page: its reviews, each with 'Ответить' until the one reply is sent. */
export function SellerReviews({ excursionId }: { excursionId: EntityId }) {
  const reviews = useExcursionReviews(excursionId);
  if (!reviews) return null;
  const summary = ratingBreakdown(reviews);
  return (
    <section className="seller-reviews" aria-labelledby="seller-reviews-title">
      <h2 id="seller-reviews-title">
        {TEXT.title}
        {summary && (
          <span className="seller-reviews-summary">
            {' '}
            ★ {formatAverage(summary.average)} · {reviewsCount(summary.count)}
          </span>
        )}
      </h2>
      {reviews.length === 0 ? (
        <p className="review-photos-note">{TEXT.none}</p>
      ) : (
        <ul className="reviews-list" aria-label={REVIEWS.list}>
          {reviews.map((review) => (
            <li key={review._id}>
              <ReviewItem review={review}>{!review.reply && <ReplyForm review={review} />}</ReviewItem>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Ответить': an online call, once; offline it says so and keeps the text. */
function ReplyForm({ review }: { review: ReviewRow }) {
  const db = useReplica();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per reply being written: a retry after a lost answer is the same request.
  const [attemptKey] = useState(() => crypto.randomUUID());

  if (!open) {
    return (
      <div className="review-actions">
        <button type="button" className="review-action" onClick={() => setOpen(true)}>
          {TEXT.answer}
        </button>
      </div>
    );
  }
  return (
    <form
      className="review-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') return;
        setBusy(true);
        setError(null);
        void replyToReview({ db }, review._id, text.trim(), attemptKey).then((outcome) => {
          setBusy(false);
          if (!outcome.ok)
            setError(outcome.offline ? TEXT.replyOffline : (outcome.error ?? TEXT.replyFailed));
        });
      }}
    >
      <label>
        <span>{TEXT.replyLabel}</span>
        <textarea
          value={text}
          rows={3}
          maxLength={MAX_REVIEW_REPLY}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {!online && <p className="review-photos-note">{TEXT.replyOffline}</p>}
      <div className="review-inline-buttons">
        <button type="submit" className="button" disabled={busy || text.trim() === ''}>
          {busy ? TEXT.sending : TEXT.send}
        </button>
        <button type="button" className="review-action" onClick={() => setOpen(false)}>
          {TEXT.cancel}
        </button>
      </div>
      {error && (
        <p className="review-note review-note-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
