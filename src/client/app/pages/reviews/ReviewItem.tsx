import type { ReactNode } from 'react';
import { formatDisplayDate } from '../../../../domain/dates';
import type { ReviewRow } from '../../../db/queries/reviews';
import { MediaImage } from '../../components/MediaImage';
import { Stars } from './Stars';
import { REVIEWS as TEXT } from './strings';

/**
 * One review as a list shows it: who, which trip, the stars, the text (always as text, never HTML:
 * React escapes it), the photos and the seller's reply. `children` holds the viewer's actions.
 */
export function ReviewItem({ review, children }: { review: ReviewRow; children?: ReactNode }) {
  return (
    <article className={`review-item${review.hidden ? ' review-item-hidden' : ''}`} data-review={review._id}>
      <header className="review-item-head">
        <strong className="review-author">{review.authorName}</strong>
        <span className="review-date">{TEXT.trip(formatDisplayDate(review.tripDate))}</span>
      </header>
      <Stars rating={review.rating} label={TEXT.stars(review.rating)} />
      {review._pending && <span className="review-badge">{TEXT.pending}</span>}
      {review.hidden && (
        <p className="review-hidden-note" role="note">
          {TEXT.hiddenReason(review.hidden.reason)}
        </p>
      )}
      {review.text !== '' && <p className="review-body">{review.text}</p>}
      {review.photos.length > 0 && (
        <ul className="review-photo-grid">
          {review.photos.map((photo, index) => (
            <li key={photo}>
              <MediaImage
                id={photo}
                alt={TEXT.photo(review.authorName, index + 1)}
                width={160}
                height={160}
                variant={480}
              />
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="review-reply">
          <strong>{TEXT.reply}</strong>
          <p>{review.reply.text}</p>
        </div>
      )}
      {children}
    </article>
  );
}
